import Foundation

/// Bodies compressed by the system's `gzip`, as a server would send them: tests of pokedex's
/// decoding need an encoder that is not pokedex's own.
public enum SystemGzip {
    public static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-n"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: a body larger than the pipe's buffer would otherwise
        // block this one before it reads what gzip has written.
        let handle = input.fileHandleForWriting
        let writer = Thread {
            handle.write(Data(bytes))
            try? handle.close()
        }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(compressed)
    }

    /// A served answer with its body gzip-compressed, as a server does when asked.
    public static func compressed(_ answer: ScriptedResponse) throws -> ScriptedResponse {
        var answer = answer
        answer.body = try compress(answer.body)
        answer.headers.removeAll { $0.0.lowercased() == "content-length" }
        answer.headers.append(("Content-Encoding", "gzip"))
        return answer
    }
}
