import Foundation
import Testing

@testable import KataApp
@testable import KataBasics
@testable import KataMessages
@testable import KataWorkbook

@Suite("Progress store")
struct ProgressStoreTests {
    private func makeStore() -> ProgressStore {
        ProgressStore(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent(
                "kata-progress-\(UUID().uuidString)/.kata"))
    }

    @Test("an update is written and read back; a missing file is empty progress")
    func roundTrip() throws {
        let store = makeStore()
        #expect(try store.read().0 == Progress())
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        try store.update { progress in
            progress["hello"].hintsShown = 2
            progress["hello"].record(CheckRecord(time: time, verdict: .failed, duration: 0.5))
            progress["hello"].record(CheckRecord(time: time.addingTimeInterval(60), verdict: .passed, duration: 0.4))
        }
        let (progress, notices) = try store.read()
        #expect(notices.isEmpty)
        #expect(progress["hello"].attempts == 2)
        #expect(progress["hello"].firstAttempt == time)
        #expect(progress["hello"].solved == time.addingTimeInterval(60))
        #expect(progress["hello"].state == .solved)
        #expect(progress["other"].state == .notStarted)
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(text.contains("\"version\" : 1"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty, "the temporary file is renamed into place")
    }

    @Test("checks are counted in full, but only the first and the latest are kept")
    func boundedHistory() {
        var record = ExerciseProgress()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for minute in 0..<200 {
            let verdict: CheckRecord.Verdict = minute == 150 ? .passed : .failed
            record.record(
                CheckRecord(time: start.addingTimeInterval(Double(minute) * 60), verdict: verdict, duration: 0.1))
        }
        #expect(record.attempts == 200)
        #expect(record.checks.count == ExerciseProgress.keptFromStart + ExerciseProgress.keptAtEnd + 1)
        #expect(record.checks.first?.time == start, "the first check stays: it shows whether the learner saw red first")
        #expect(record.checks.last?.time == start.addingTimeInterval(199 * 60))
        #expect(record.checks.filter { $0.verdict == .passed }.map(\.time) == [start.addingTimeInterval(150 * 60)])
        #expect(record.solved == start.addingTimeInterval(150 * 60))
    }

    @Test("a corrupt file is moved aside to a named backup and reported, never silently reset")
    func corrupt() throws {
        let store = makeStore()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: store.fileURL)
        let (progress, notices) = try store.read()
        #expect(progress == Progress())
        let notice = try #require(notices.first)
        guard case .movedAside(_, let backup, let reason) = notice else {
            Issue.record("expected the file to be moved aside, got \(notice)")
            return
        }
        #expect(reason == .notJSON)
        #expect(reason.described(Messages(.source)) == "it is not valid JSON")
        #expect(backup.lastPathComponent.hasPrefix("progress.corrupt-"))
        #expect(try String(contentsOf: backup, encoding: .utf8) == "{ not json", "the backup keeps every byte")
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        #expect(notice.description.contains("was moved to \(backup.path)"))
    }

    @Test("a file from a newer kata is left alone and refused")
    func newerVersion() throws {
        let store = makeStore()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data(#"{"version": 9, "exercises": {}}"#.utf8).write(to: store.fileURL)
        #expect(throws: ProgressError.newerVersion(path: store.fileURL.path, version: 9)) { try store.read() }
        #expect(FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    @Test("two writers at once never lose an update")
    func concurrentWriters() async throws {
        let directory = makeStore().directory
        let rounds = 40
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    let store = ProgressStore(directory: directory)
                    for _ in 0..<rounds {
                        _ = try? store.update { $0["shared"].hintsShown += 1 }
                    }
                }
            }
        }
        #expect(try ProgressStore(directory: directory).read().0["shared"].hintsShown == 2 * rounds)
    }
}

@Suite("Progress seal")
struct ProgressSealTests {
    private func makeStore() -> ProgressStore {
        ProgressStore(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent(
                "kata-progress-\(UUID().uuidString)/.kata"))
    }

    @Test("a sealed file reads back without notice; one changed by hand marks its passes unverified, once")
    func tamper() throws {
        let store = makeStore()
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        try store.update { progress in
            progress["a"].record(CheckRecord(time: time, verdict: .passed, duration: 1))
            progress["b"].record(CheckRecord(time: time, verdict: .failed, duration: 1))
        }
        #expect(try store.read().1.isEmpty)
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(text.contains("\"seal\" : \""))

        // A forged "solved" for b.
        let bRecord = text.range(of: "\"b\" : {")!.lowerBound..<text.endIndex
        let forged = text.replacingOccurrences(
            of: "\"hintsShown\" : 0,", with: "\"hintsShown\" : 0,\n      \"solved\" : \"2027-01-15T08:00:00Z\",",
            range: bRecord)
        #expect(forged != text)
        try Data(forged.utf8).write(to: store.fileURL)
        let (progress, notices) = try store.read()
        #expect(notices == [.changedOutsideKata(file: store.fileURL, unverified: ["a", "b"])])
        #expect(progress["b"].state == .attempted, "the forged pass does not count")
        #expect(progress["a"].state == .attempted, "nor does any other recorded pass, until checked again")
        #expect(notices.first?.description.contains("was changed outside kata") == true)
        #expect(try store.read().1.isEmpty, "the notice is given once; the records stay marked")

        try store.update { $0["a"].record(CheckRecord(time: time, verdict: .passed, duration: 1)) }
        #expect(try store.read().0["a"].state == .solved, "a real pass makes it solved again")
    }

    @Test("a file written before seals is trusted and sealed by the next write; a seal removed later is noticed")
    func legacy() throws {
        let store = makeStore()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let legacy =
            #"{"version": 1, "exercises": {"a": {"attempts": 1, "hintsShown": 0, "checks": [], "solved": "2026-01-01T00:00:00Z"}}}"#
        try Data(legacy.utf8).write(to: store.fileURL)
        #expect(try store.read().0["a"].state == .solved)
        try store.update { $0["a"].hintsShown = 1 }
        let sealed = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(sealed.contains("\"seal\""))
        try Data(legacy.utf8).write(to: store.fileURL)
        #expect(try store.read().0["a"].state == .attempted)
    }
}
