import Foundation
import LocalDatabase
import TestSupport
import Testing

/// The writer lock as overlapping syncs meet it.
@Suite("Writer lock")
struct WriterLockTests {
    @Test("a lock file removed while a writer waits on it: the waiter takes the one at the path")
    func removedWhileWaiting() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        var first: WriterLock? = try await WriterLock.acquire(forDatabase: database, wait: .zero)
        // Whether, once the waiter holds its lock, a third writer would find it held.
        let waiter = Task {
            let second = try await WriterLock.acquire(forDatabase: database, wait: .seconds(10))
            defer { withExtendedLifetime(second) {} }
            return WriterLock.holder(forDatabase: database) != nil
        }
        try await Task.sleep(for: .milliseconds(300))
        // What a failed first sync does on its way out: its database, log and lock removed.
        try FileManager.default.removeItem(atPath: database + ".lock")
        withExtendedLifetime(first) { first = nil }
        #expect(try await waiter.value, "the lock at the path is held, not only a removed file's")
        #expect(FileManager.default.fileExists(atPath: database + ".lock"))
    }
}
