import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// What cron relies on when the disk refuses a write: a clear error naming the file, exit 73,
/// and nothing stored lost.
extension CronEndToEndTests {
    @Test("a file-size limit (ulimit -f) fails the sync with exit 73 and loses nothing stored")
    func fileSizeLimit() throws {
        #expect(try pokedex(["sync", "--limit", "20"]).status == 0)
        let sizeKB = (try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int ?? 0) / 1024
        // bash's `ulimit -f` counts KiB: the database may not grow, and its log may take a few pages only.
        let command = "ulimit -f \(sizeKB + 40) && exec \(PokedexProcess.binaryPath) --db \(database) sync --max-age 0"
        let limited = try PokedexProcess.run(
            ["-c", command], environment: ["POKEAPI_BASE_URL": api.baseURL],
            executable: "/bin/bash")
        // SQLite reports a write past the limit (EFBIG) as an I/O error: with the errno when a
        // statement's write hits it, without when the commit's does.
        #expect(limited.status == 73, "\(limited.stderr)")
        #expect(limited.errors.count == 1 && limited.errors[0].contains("disk I/O error"), "\(limited.stderr)")
        #expect(
            limited.errors.first.map {
                $0.contains("cannot write \(database)")
                    && ($0.contains("the file reached its size limit") && $0.contains("errno 27")
                        || !$0.contains("size limit"))
            } == true, "\(limited.stderr)")
        // The limit applies to the log as much as to the database, so pages that fit in it
        // commit before the one that does not: what was stored before must all be there.
        try expectIntactThenResumable(atLeast: 20)
    }

    /// Mounts an 8 MB tmpfs at `path`: a disk that really fills up (ENOSPC), with room for the
    /// catalog of 250 Pokémon and the Pokédex entry's resources with their WAL.
    static func mountSmallDisk(at path: String) throws -> Bool {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return try PokedexProcess.run(["-t", "tmpfs", "-o", "size=8m", "tmpfs", path], executable: "/bin/mount").status
            == 0
    }

    /// Mounting needs privileges CI may lack; the file-size limit test covers failing writes there.
    static let canMountSmallDisk: Bool = {
        guard let probe = try? TemporaryDirectory(), (try? mountSmallDisk(at: probe.file("disk"))) == true else {
            return false
        }
        _ = try? PokedexProcess.run([probe.file("disk")], executable: "/bin/umount")
        return true
    }()

    @Test(
        "a full disk fails the sync with exit 73 and loses nothing stored",
        .enabled(if: canMountSmallDisk, "needs permission to mount a tmpfs"))
    func fullDisk() throws {
        let disk = directory.file("disk")
        try #require(try Self.mountSmallDisk(at: disk))
        defer { _ = try? PokedexProcess.run([disk], executable: "/bin/umount") }
        let onDisk = disk + "/pokedex.sqlite"
        let environment = ["POKEAPI_BASE_URL": api.baseURL]
        #expect(
            try PokedexProcess.run(["--db", onDisk, "sync", "--limit", "20"], environment: environment).status == 0)
        let filler = FileManager.default.createFile(atPath: disk + "/filler", contents: nil)
        #expect(filler)
        // Fill what is left but a few pages, so the next sync's first page cannot be written.
        let free = (try FileManager.default.attributesOfFileSystem(forPath: disk)[.systemFreeSize] as? Int) ?? 0
        try Data(count: max(0, free - 64 * 1024)).write(to: URL(fileURLWithPath: disk + "/filler"))
        let full = try PokedexProcess.run(["--db", onDisk, "sync", "--max-age", "0"], environment: environment)
        #expect(full.status == 73, "\(full.stderr)")
        #expect(
            full.errors.count == 1 && full.errors[0].contains("cannot write \(onDisk): the disk is full"),
            "\(full.stderr)")
        try FileManager.default.removeItem(atPath: disk + "/filler")
        let list = try PokedexProcess.run(["--db", onDisk, "list", "--limit", "1000", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any])?.count == 20)
        let resumed = try PokedexProcess.run(["--db", onDisk, "sync"], environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
    }
}
