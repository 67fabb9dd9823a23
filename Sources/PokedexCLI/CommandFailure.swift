import LocalDatabase
import PokedexStore

/// A failure that ends a command: the one-line message for stderr and the exit status. The
/// message may quote untrusted text as it is: it is sanitized and redacted where printed.
public struct CommandFailure: Error {
    public let message: String
    public let exitCode: ExitCode

    public init(message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }
}
