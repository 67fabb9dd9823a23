import LocalDatabase
import PokedexStore

/// A failure already printed while the command ran: only its exit status is left to give.
public struct ReportedFailure: Error {
    public let exitCode: ExitCode

    public init(exitCode: ExitCode) {
        self.exitCode = exitCode
    }
}
