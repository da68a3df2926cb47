import Foundation
import Testing

@testable import KataKit

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
        #expect(notice.reason == "it is not valid JSON")
        #expect(notice.backup.lastPathComponent.hasPrefix("progress.corrupt-"))
        #expect(try String(contentsOf: notice.backup, encoding: .utf8) == "{ not json", "the backup keeps every byte")
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        #expect(notice.description.contains("was moved to \(notice.backup.path)"))
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
