import Foundation

/// `../shared/tools/mirror/mirror.py`, the PokeAPI and GitHub mirror, when present; a running
/// one is stopped (SIGKILL) when the value dies.
public final class SharedMirror: @unchecked Sendable {
    public static let script: String? = SharedData.directory.map { $0 + "/../tools/mirror/mirror.py" }.flatMap {
        FileManager.default.fileExists(atPath: $0) ? $0 : nil
    }

    public struct NotStarted: Error, CustomStringConvertible {
        public let description: String
    }

    private let process = Process()
    /// The port it listens on, 127.0.0.1.
    public let port: Int
    /// `http://127.0.0.1:PORT`.
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// Starts `python3 mirror.py --port 0 ARGUMENTS…`, waiting (at most 5 s) for the port it bound.
    public init(_ arguments: [String], in directory: TemporaryDirectory) throws {
        guard let script = Self.script else { throw NotStarted(description: "../shared/tools/mirror is not present") }
        let portFile = directory.file("mirror.port")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--port", "0", "--port-file", portFile] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var port: Int?
        for _ in 0..<500 where port == nil {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if port == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        guard let port else {
            Self.kill(process)
            throw NotStarted(description: "mirror.py wrote no port")
        }
        self.port = port
    }

    deinit { Self.kill(process) }

    /// SIGKILL: a child of the test process may inherit a mask that blocks SIGTERM.
    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
