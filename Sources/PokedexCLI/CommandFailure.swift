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

extension CommandFailure {
    /// A token from `source` (a variable, a token file's first line) with a control character
    /// left inside, which no header could carry as it is: a usage error, the token not shown.
    public static func unprintableToken(from source: String) -> CommandFailure {
        CommandFailure(
            message: "\(source) holds a control character: a token is one line of printable text", exitCode: .usage)
    }
}
