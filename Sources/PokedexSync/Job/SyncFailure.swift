import HTTPTypes
import IssueStore
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import SyncSettings
import Synchronization
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why a resource's sync stopped, with what the user needs to judge the damage: nothing
/// committed before the failure is lost.
public struct SyncFailure: Error, CustomStringConvertible {
    public let resource: SyncResource
    public let underlying: any Error
    /// Pages this run committed before it stopped.
    public let pagesCommitted: Int
    /// When the resource last synced successfully before this run (UTC, ISO 8601).
    public let lastSuccess: String?

    /// Stopped by a signal rather than by a failure.
    public var wasInterrupted: Bool { underlying is CancellationError }

    public var description: String { "\(resource.title): \(underlying)" }

    /// Whether the job may go on with other resources: not after a signal or a database failure.
    var concernsOneResource: Bool { !wasInterrupted && !(underlying is DatabaseError) }

    /// The server could not be reached (or only past the deadline), sent a body over its cap,
    /// refused the credentials, or still throttled after the retries' wait (429): its other
    /// resources are not asked. They would fail the same way, each after its retries (a
    /// minute of waiting each, for a throttle), each with an error line of its own.
    var stopsServer: Bool {
        switch underlying as? FetchError {
        case .unreachable, .tooLarge, .status(_, 401, _), .status(_, 429, _): return true
        default: return false
        }
    }

    /// Whether the server's other resources are not asked after this failure: one that
    /// ``stopsServer``, unless the server took the connection before it broke and then answers
    /// one more request, sent once through `transport` (`probe`), other than with a 5xx. A body
    /// cut short at every retry is that resource's failure; a server that is down answers no
    /// probe either. A refusal or a timeout is no sign of a server there: no probe, which would
    /// wait a timeout more.
    func stopsServer(probing probe: HTTPRequest?, through transport: HTTPTransport) async -> Bool {
        guard stopsServer else { return false }
        guard (underlying as? FetchError)?.lostConnection == true, let probe else { return true }
        // A 5xx is a front answering for a server behind it that is down.
        guard let answer = try? await transport(probe) else { return true }
        return answer.status >= 500
    }
}
