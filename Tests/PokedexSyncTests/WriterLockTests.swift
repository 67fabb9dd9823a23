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

    @Test("the database through a symbolic link, or through a linked directory, has the file's one lock")
    func linkedPathsShareTheLock() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        try Data().write(to: URL(fileURLWithPath: database))
        let link = directory.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "pokedex.sqlite")
        let linkedDirectory = directory.file("linked")
        try FileManager.default.createSymbolicLink(atPath: linkedDirectory, withDestinationPath: directory.path)
        let held = try await WriterLock.acquire(forDatabase: database, wait: .zero)
        defer { withExtendedLifetime(held) {} }
        for other in [link, linkedDirectory + "/pokedex.sqlite", directory.path + "/./pokedex.sqlite"] {
            #expect(WriterLock.holder(forDatabase: other) != nil, "\(other)")
            await #expect(throws: StoreError.self, "\(other)") {
                _ = try await WriterLock.acquire(forDatabase: other, wait: .zero)
            }
        }
        // A new database's lock is beside where it will be, its directory's links followed too.
        let fresh = linkedDirectory + "/new.sqlite"
        #expect(
            WriterLock.lockPath(forDatabase: fresh) == WriterLock.lockPath(forDatabase: directory.file("new.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: link + ".lock"))
    }

    @Test(
        "through a link to a database not made yet: one lock before and after, and a failed first sync keeps the link")
    func linkToNewDatabase() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("pokedex.sqlite")
        try FileManager.default.createDirectory(atPath: directory.file("data"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "data/target.sqlite")
        let target = directory.file("data/target.sqlite")
        let before = WriterLock.lockPath(forDatabase: link)
        #expect(before == WriterLock.lockPath(forDatabase: target))
        let database = try LocalStore.openForWriting(path: link)
        #expect(FileManager.default.fileExists(atPath: target))
        #expect(WriterLock.lockPath(forDatabase: link) == before)
        // What a first sync that stored nothing does on its way out: the file goes, the link stays.
        LocalStore.removeIfEmpty(database)
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "data/target.sqlite")
    }

    @Test("a lock file that is a symbolic link, or not a file, is refused, and what it points at is left as it was")
    func plantedLockRefused() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        let victim = directory.file("victim.txt")
        try "IMPORTANT\n".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: database + ".lock", withDestinationPath: victim)
        await expectRefusedLock(database, saying: "it is a symbolic link")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "IMPORTANT\n")
        #expect(WriterLock.holder(forDatabase: database) == nil)

        try FileManager.default.removeItem(atPath: database + ".lock")
        try FileManager.default.createDirectory(atPath: database + ".lock", withIntermediateDirectories: false)
        await expectRefusedLock(database, saying: "directory")

        // A hard link to another file is that file as much as the lock.
        try FileManager.default.removeItem(atPath: database + ".lock")
        try FileManager.default.linkItem(atPath: victim, toPath: database + ".lock")
        await expectRefusedLock(database, saying: "hard link")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "IMPORTANT\n")

        // A FIFO would block a reader's open until a writer came: `status` must not hang on one.
        try FileManager.default.removeItem(atPath: database + ".lock")
        try #require(mkfifo(database + ".lock", 0o644) == 0)
        #expect(WriterLock.holder(forDatabase: database) == nil)
        await expectRefusedLock(database, saying: "FIFO")
    }

    /// The refusal names the lock file as the lock, not as a database, and says what it is.
    private func expectRefusedLock(
        _ database: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            _ = try await WriterLock.acquire(forDatabase: database, wait: .zero)
            Issue.record("the lock was taken", sourceLocation: sourceLocation)
        } catch {
            let text = "\(error)"
            #expect(
                text.hasPrefix("cannot take the writer lock \(database).lock: ") && text.contains(words),
                "\(text)", sourceLocation: sourceLocation)
        }
    }
}
