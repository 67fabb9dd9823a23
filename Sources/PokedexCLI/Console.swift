import PokedexStore
import Synchronization
import TextUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: results to standard output, everything else to standard error.
/// It writes `DisplayText` only, so untrusted text cannot reach a terminal unsanitized, and
/// standard error (pokedex's own messages, which may quote a server) goes through the
/// redactor, so no credential pokedex holds is printed.
public struct Console: Sendable {
    private let standardOutput: @Sendable (String) -> Void
    private let standardError: @Sendable (String) -> Void
    /// Bytes to standard output exactly (a PNG), returning why they could not all be written;
    /// nil for a console that only takes text.
    private let standardOutputBytes: (@Sendable ([UInt8]) -> String?)?
    /// Whether standard output is a terminal (tables for people, not for pipes).
    public let outputIsTerminal: Bool
    /// Whether standard error is a terminal: a live progress line for people; for cron and
    /// logs, timestamped lines instead.
    public let errorIsTerminal: Bool
    /// Whether "Error:" is shown in red: as `--color` says, on a terminal unless NO_COLOR is set.
    public var colorsErrors = false
    /// The credentials this run holds, removed from everything written to standard error.
    public var redactor = SecretRedactor.none

    public init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        outputIsTerminal: Bool, errorIsTerminal: Bool = false,
        writeOutputBytes: (@Sendable ([UInt8]) -> String?)? = nil
    ) {
        standardOutput = writeOutput
        standardError = writeError
        standardOutputBytes = writeOutputBytes
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    public static let standard = Console(
        writeOutput: { text in
            guard !Self.writeAll(text, to: STDOUT_FILENO) else { return }
            let reason = String(cString: strerror(errno))
            standardOutputFailure.withLock { $0 = $0 ?? reason }
        },
        writeError: { text in Self.writeAll(text, to: STDERR_FILENO) },
        outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1,
        writeOutputBytes: { bytes in
            bytes.withUnsafeBytes { writeAll($0, to: STDOUT_FILENO) } ? nil : String(cString: strerror(errno))
        })

    /// Why a line of results could not be written to standard output (a full disk, a closed
    /// descriptor), the first time; nil when every line was.
    private static let standardOutputFailure = Mutex<String?>(nil)

    /// The standard console's first failed write to standard output, as a failure: a command
    /// whose results were lost must not exit 0 for the script reading them.
    public static func standardOutputFailed() -> CommandFailure? {
        standardOutputFailure.withLock { $0 }.map {
            CommandFailure(message: "cannot write to standard output: \($0)", exitCode: .cannotCreate)
        }
    }

    /// Whether errors are coloured: as `choice` says of standard error.
    public func colorsErrors(_ choice: ColorChoice, environment: [String: String]) -> Console {
        var console = self
        console.colorsErrors = choice.colors(isTerminal: errorIsTerminal, environment: environment)
        return console
    }

    /// The same console, redacting `redactor`'s credentials from standard error.
    public func redacting(_ redactor: SecretRedactor) -> Console {
        var console = self
        console.redactor = redactor
        return console
    }

    public var errorLabel: DisplayText { colorsErrors ? "\u{1B}[1;31mError:\u{1B}[0m" : "Error:" }

    /// A line of results. Not redacted: it is the data asked for, as stored (docs/guarantees.md).
    public func print(_ line: DisplayText) { standardOutput(line.text + "\n") }
    public func printError(_ line: DisplayText) { standardError(line.redacted(by: redactor).text + "\n") }
    /// Bytes to standard output as they are: a stored PNG, which `artwork` writes only when
    /// standard output is not a terminal.
    public func writeOutput(bytes: [UInt8]) throws(CommandFailure) {
        guard let standardOutputBytes else { preconditionFailure("this console writes text only") }
        if let reason = standardOutputBytes(bytes) {
            throw CommandFailure(message: "cannot write to standard output: \(reason)", exitCode: .cannotCreate)
        }
    }

    /// Standard error without a line break: the live progress line.
    public func writeError(_ text: DisplayText) { standardError(text.redacted(by: redactor).text) }

    @discardableResult
    private static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Whether every byte was written; `errno` says why not.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}
