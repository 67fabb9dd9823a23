import Foundation

/// `../shared/data` beside the repository: the real PokeAPI and GitHub data. A user's clone
/// has none, so tests that read it are skipped (and reported as such) when it is absent.
public enum SharedData {
    public static let directory: String? = {
        if let explicit = ProcessInfo.processInfo.environment["POKEDEX_SHARED_DIR"] { return explicit + "/data" }
        let repositoryRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidate = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data").path
        return FileManager.default.fileExists(atPath: candidate + "/pokeapi/pokemon.jsonl.gz") ? candidate : nil
    }()

    public static var hasPokeAPI: Bool { directory != nil }

    /// The recorded api.github.com exchanges (octokit/fixtures), when present.
    public static var gitHubFixtures: String? {
        directory.map { $0 + "/github/octokit-fixtures" }.flatMap {
            FileManager.default.fileExists(atPath: $0 + "/paginate-issues.normalized.json") ? $0 : nil
        }
    }

    /// The real sprite PNGs (an uncompressed tar, see ../shared/data/sprites/README.md), when present.
    public static var spriteArchive: String? {
        directory.map { $0 + "/sprites/pokesprite-gen8.tar" }.flatMap {
            FileManager.default.fileExists(atPath: $0) ? $0 : nil
        }
    }

    /// Calls `body` with each line of a gzip'd JSON-lines file, decompressed by `gzip -dc`.
    public static func forEachLine(ofGzip path: String, _ body: (Data) throws -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec gzip -dc \"$0\"", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        // A body that stops the reading early (by throwing) ends gzip too, before the pipe
        // closes: gzip would otherwise write on into a closed pipe and say so on stderr. It is
        // killed: it inherits the test thread's signal mask, which blocks SIGTERM.
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        var pending = Data()
        let reader = pipe.fileHandleForReading
        while true {
            let chunk = reader.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                try body(pending[pending.startIndex..<newline])
                pending = Data(pending[(newline + 1)...])
            }
        }
        if !pending.isEmpty { try body(pending) }
    }
}
