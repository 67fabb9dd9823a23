#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: results to standard output, everything else to standard error.
public struct Console: Sendable {
    public let writeOutput: @Sendable (String) -> Void
    public let writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal (tables for people, not for pipes).
    public let outputIsTerminal: Bool

    public init(writeOutput: @escaping @Sendable (String) -> Void,
                writeError: @escaping @Sendable (String) -> Void,
                outputIsTerminal: Bool) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
    }

    public static let standard = Console(
        writeOutput: { text in Self.writeAll(text, to: STDOUT_FILENO) },
        writeError: { text in Self.writeAll(text, to: STDERR_FILENO) },
        outputIsTerminal: isatty(STDOUT_FILENO) == 1)

    func print(_ line: String) { writeOutput(line + "\n") }
    func printError(_ line: String) { writeError(line + "\n") }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
