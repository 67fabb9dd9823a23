import Foundation
import LoopbackHTTP
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `--db` may point at that is no database file, and what a first sync leaves behind.
@Suite("The database path end to end")
struct DatabaseFileEndToEndTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    enum Special: String, CaseIterable, CustomTestStringConvertible {
        case fifo, socket, directory, device
        var testDescription: String { rawValue }
    }

    /// A path of `kind` in the test's directory (a device: /dev/null itself).
    func make(_ kind: Special) throws -> (path: String, words: String) {
        let path = directory.file(kind.rawValue)
        switch kind {
        case .fifo:
            #expect(mkfifo(path, 0o644) == 0)
            return (path, "a FIFO")
        case .socket:
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            #expect(bound == 0)
            return (path, "a socket")
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return (path, "a directory")
        case .device:
            return ("/dev/null", "a device")
        }
    }

    @Test(
        "a FIFO, socket, directory or device as --db: one clear line at once, exit 74, never a hang",
        arguments: Special.allCases)
    func notAFile(kind: Special) throws {
        let (path, words) = try make(kind)
        for arguments in [["show", "pikachu"], ["status"], ["sync", "--pokeapi-url", "http://127.0.0.1:9/api/v2"]] {
            let started = ContinuousClock.now
            let result = try PokedexProcess.run(["--db", path] + arguments, timeout: 10)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(
                result.errors.first?.contains("\(path) is not a pokedex database (it is \(words), not a file)") == true,
                "\(arguments): \(result.stderr)")
            #expect(ContinuousClock.now - started < .seconds(5), "\(arguments)")
        }
    }

    @Test(
        "a file that is clearly not SQLite: sync refuses it, exit 74, and creates nothing beside it",
        arguments: [
            ("text", "notes, not a database\n"), ("another header", "SQLite format 2\0 and more"),
            ("a PNG", "\u{89}PNG\r\n\u{1A}\n"),
        ])
    func notSQLite(kind: String, text: String) throws {
        let path = directory.file("text.sqlite")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let result = try PokedexProcess.run(["--db", path, "sync", "--pokeapi-url", "http://127.0.0.1:9/api/v2"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(
            result.errors == [
                "Error: \(path) is not a pokedex database (it does not start with SQLite's header); it was left untouched"
            ],
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["text.sqlite"])
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8))
    }

    @Test("a FIFO as a sync's --db: refused before the writer lock, so no lock file beside it")
    func fifoWithoutLock() throws {
        let (path, _) = try make(.fifo)
        let result = try PokedexProcess.run(["--db", path, "sync", "--pokeapi-url", "http://127.0.0.1:9/api/v2"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["fifo"])
    }

    @Test("a first sync that stores nothing leaves no database, log or lock behind")
    func failedFirstSync() throws {
        let path = directory.file("fresh/pokedex.sqlite")
        let result = try PokedexProcess.run(["--db", path, "sync", "--pokeapi-url", "http://127.0.0.1:9/api/v2"])
        #expect(result.status == 69, "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.file("fresh"))
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a directory sync may not write is named, not the lock file")
    func readOnlyDirectory() throws {
        try #require(geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"))
        let folder = directory.file("read-only")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Another user must reach it through the test's own directory.
        #expect(chmod(directory.file(""), 0o755) == 0)
        #expect(chmod(folder, 0o555) == 0)
        defer { chmod(folder, 0o755) }
        let result = try Self.runWithoutRoot(
            ["--db", folder + "/pokedex.sqlite", "sync", "--pokeapi-url", "http://127.0.0.1:9/api/v2"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(
            result.errors.first?.contains("its directory \(folder) is not writable") == true, "\(result.stderr)")
        #expect(result.errors.first?.contains(".lock") == false, "\(result.stderr)")
    }

    @Test("a database file sync may not write is named, with no statement of pokedex's own")
    func readOnlyFile() throws {
        try #require(geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"))
        let api = try FakePokeAPI()
        let folder = directory.file("shared")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/pokedex.sqlite"
        let first = try PokedexProcess.run(
            ["--db", path, "sync", "--limit", "2", "--artwork", "none"], environment: ["POKEAPI_BASE_URL": api.baseURL])
        try #require(first.status == 0, "\(first.stderr)")
        #expect(chmod(directory.file(""), 0o755) == 0)
        // The directory is writable: the lock and the log can be made; the file is not.
        #expect(chmod(folder, 0o777) == 0)
        #expect(chmod(path, 0o444) == 0)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file != "pokedex.sqlite" {
            #expect(chmod(folder + "/" + file, 0o666) == 0)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try Self.runWithoutRoot(["--db", path, "sync", "--pokeapi-url", api.baseURL])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(
            result.errors.count == 1 && result.errors[0].contains("cannot write \(path): it is read-only"),
            "\(result.stderr)")
        #expect(result.errors.first?.contains("(in: ") == false, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// `pokedex ARGUMENTS…` as a user who may not write what only its owner may: as nobody
    /// when the tests run as root, who writes anywhere.
    static func runWithoutRoot(_ arguments: [String]) throws -> PokedexProcess.Result {
        geteuid() == 0
            ? try PokedexProcess.run(
                ["-u", "nobody", "--", PokedexProcess.binaryPath] + arguments, executable: "/usr/sbin/runuser")
            : try PokedexProcess.run(arguments)
    }
}
