import Foundation

/// How a run was asked for, read once from the environment before any spec class is touched.
struct RunConfiguration: Equatable {
    /// Machine mode: the file descriptor to write JSON event lines to (`KATA_EVENTS_FD`).
    var eventsFD: Int32?
    /// Report only examples whose index is at least this (`KATA_START_AT`).
    var startAt = 0
    /// Random order with this seed; 0 keeps definition order (`KATA_SEED`).
    var seed: UInt64 = 0
    /// Only examples whose full name contains this text (`KATA_FILTER`).
    var filter: String?
    /// Ignore focus and exclusion (`KATA_RUN_ALL=1`).
    var runAll = false
    /// The file each example's stdout and stderr go to, emptied as each example starts (`KATA_CAPTURE_FILE`).
    var captureFile: String?
    /// How much captured output an event carries (`KATA_OUTPUT_LIMIT`, default 64 KiB).
    var outputLimit = 65536

    init() {}

    init(environment: [String: String]) {
        eventsFD = environment["KATA_EVENTS_FD"].flatMap { Int32($0) }
        startAt = environment["KATA_START_AT"].flatMap { Int($0) } ?? 0
        seed = environment["KATA_SEED"].flatMap { UInt64($0) } ?? 0
        filter = environment["KATA_FILTER"].flatMap { $0.isEmpty ? nil : $0 }
        runAll = environment["KATA_RUN_ALL"] == "1"
        captureFile = environment["KATA_CAPTURE_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        outputLimit = environment["KATA_OUTPUT_LIMIT"].flatMap { Int($0) } ?? 65536
    }
}
