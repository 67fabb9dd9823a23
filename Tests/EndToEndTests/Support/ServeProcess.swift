import Foundation
import TestSupport

/// A `pokedex serve` process on an ephemeral loopback port: started with `--port 0`, its URL
/// read from the first line of its stderr, stopped with SIGTERM (or left to a test to stop).
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    /// `http://127.0.0.1:PORT`, from the first line of stderr.
    let url: String
    let port: Int
    private let errors = Pipe()
    private let collected = Collected()
    /// Left once stderr has been read to its end.
    private let drained = DispatchGroup()

    /// Starts `pokedex --db DATABASE serve --port 0 ARGUMENTS…`, waiting at most `timeout`
    /// seconds for its first line.
    init(
        database: String, _ arguments: [String] = [], global: [String] = [], environment: [String: String] = [:],
        timeout: TimeInterval = 30
    ) throws {
        process.executableURL = URL(fileURLWithPath: PokedexProcess.binaryPath)
        process.arguments = ["--db", database] + global + ["serve", "--port", "0"] + arguments
        var base = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        base["HOME"] = ProcessInfo.processInfo.environment["HOME"]
        process.environment = base.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A thread of its own reads stderr to its end. A dispatch read source on the pipe
        // (`readabilityHandler`) could outlive its descriptor when a test dropped the process,
        // and libdispatch's event loop crashed once the number was reused by another socket.
        let (handle, collected, drained) = (errors.fileHandleForReading, collected, drained)
        drained.enter()
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(handle.fileDescriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                collected.append(Data(buffer[..<count]))
            }
            drained.leave()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while collected.firstLine == nil, process.isRunning, Date() < deadline { usleep(10_000) }
        guard let first = collected.firstLine, first.hasPrefix("http://"),
            let port = first.split(separator: ":").last.flatMap({ Int($0) })
        else {
            process.terminate()
            throw TimedOut(arguments: process.arguments ?? [], stderr: collected.text)
        }
        url = first
        self.port = port
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Everything written to stderr so far.
    var stderr: String { collected.text }

    /// Sends `signal` (unless it has exited) and waits for the exit status and the end of its
    /// stderr, at most `timeout` seconds in all.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 30) -> Int32? {
        // An exited process's pid may already be another's.
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        let left = DispatchTime.now() + max(0, deadline.timeIntervalSinceNow)
        guard !process.isRunning, drained.wait(timeout: left) == .success else { return nil }
        return process.terminationStatus
    }

    /// The access log's lines so far (every line after the first that is not the server's own).
    var accessLines: [String] {
        stderr.split(separator: "\n").dropFirst().map(String.init).filter { !$0.hasPrefix("pokedex serve:") }
    }

    /// Whether the access log comes to satisfy `condition` within `timeout` seconds: a line is
    /// written once its answer is queued, so it may follow the answer by a moment.
    func accessLog(within timeout: TimeInterval = 5, satisfies condition: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(accessLines) {
            guard Date() < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
        var firstLine: String? {
            let text = text
            guard let newline = text.firstIndex(of: "\n") else { return nil }
            return String(text[..<newline])
        }
    }
}
