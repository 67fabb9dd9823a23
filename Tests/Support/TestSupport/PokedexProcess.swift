import Foundation

/// Runs the real `pokedex` binary, as users and cron do.
public enum PokedexProcess {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Standard output exactly as written (`artwork`'s PNG bytes).
        public var stdoutBytes: [UInt8] = []

        /// stderr's lines without the UTC timestamp a sync puts first when stderr is not a
        /// terminal (as under test).
        public var messages: [String] {
            stderr.split(separator: "\n").map { line in
                let words = line.split(separator: " ", maxSplits: 1)
                guard words.count == 2, Self.isTimestamp(words[0]) else { return String(line) }
                return String(words[1])
            }
        }

        /// The `Error:` lines among `messages`, each failure's, without the line that closes a
        /// sync that went on past one (`closingError`): what most tests count.
        public var errors: [String] {
            messages.filter { $0.hasPrefix("Error: ") && !$0.hasPrefix(Self.closingPrefix) }
        }

        /// The last line of a sync that went on past a failure, naming every one.
        public var closingError: String? { messages.last { $0.hasPrefix(Self.closingPrefix) } }

        /// How that line starts.
        public static let closingPrefix = "Error: sync finished with "

        /// "2026-11-30T02:00:00Z"
        static func isTimestamp(_ word: Substring) -> Bool {
            word.count == 20 && word.hasSuffix("Z") && word.dropFirst(10).first == "T"
                && word.allSatisfy { $0.isNumber || "-:TZ".contains($0) }
        }
    }

    /// The binary built beside the test bundle; `POKEDEX_BINARY` overrides it.
    public static var binaryPath: String {
        if let explicit = ProcessInfo.processInfo.environment["POKEDEX_BINARY"] { return explicit }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the tests run inside an .xctest bundle a few levels below the products.
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("pokedex").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("pokedex").path
    }

    /// Runs `pokedex arguments…` with a minimal environment plus `environment`, waiting at
    /// most `timeout` seconds.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: String? = nil,
        timeout: TimeInterval = 60
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binaryPath)
        process.arguments = arguments
        var base = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        base["HOME"] = ProcessInfo.processInfo.environment["HOME"]
        process.environment = base.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a chatty process cannot fill one and block, each on a
        // thread of its own: on the shared dispatch pool they queued behind a test's blocked
        // workers (a serve's readers), and a sync done in 0.3 s was seen done 8 s later, in CI
        // past the timeout.
        let outputs = OutputCollector()
        let group = DispatchGroup()
        for (index, pipe) in [stdout, stderr].enumerated() {
            group.enter()
            Thread.detachNewThread {
                outputs.set(index, pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            group.wait()
            throw TimedOut(arguments: arguments, stderr: outputs.text(1))
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: outputs.text(0), stderr: outputs.text(1),
            stdoutBytes: outputs.bytes(0))
    }
}

/// A run that did not finish in time, with what it had written to stderr.
public struct TimedOut: Error, CustomStringConvertible {
    public let arguments: [String]
    public let stderr: String
    public var description: String { "pokedex \(arguments) timed out; stderr: \(stderr)" }

    public init(arguments: [String], stderr: String) {
        self.arguments = arguments
        self.stderr = stderr
    }
}

private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data: [Int: Data] = [:]

    func set(_ index: Int, _ value: Data) { lock.withLock { data[index] = value } }
    func text(_ index: Int) -> String { String(decoding: bytes(index), as: UTF8.self) }
    func bytes(_ index: Int) -> [UInt8] { lock.withLock { [UInt8](data[index] ?? Data()) } }
}
