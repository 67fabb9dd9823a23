import HTTPTypes
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The primary budget an answer said is spent (`X-RateLimit-Remaining: 0` with a reset): GitHub
/// refuses every request until the reset, and asks clients not to send them meanwhile.
final class SpentRateLimit: Sendable {
    /// The spent budget, and whether it is the one an earlier run left (no answer of this run
    /// heard yet): one lock, so that the two are read as they were set together.
    private let state: Mutex<(status: RateLimitStatus?, carriedOver: Bool)>

    /// GitHub's primary budget refills each hour: a reset further ahead than this (a server's
    /// mistake, a clock that was wrong) is not a reason to send nothing.
    static let longestReset: Duration = .seconds(3_600 + 60)

    /// `known`: the budget an earlier run left spent, honoured until an answer says otherwise
    /// when its reset is at most ``longestReset`` after `now`.
    init(known: RateLimitStatus? = nil, now: Date = Date()) {
        let plausible = known?.resetAt.map { $0.timeIntervalSince(now) <= Self.longestReset.inSeconds } ?? false
        state = Mutex((plausible ? known : nil, plausible))
    }

    /// Keeps the budget `response` reports when it is spent, forgets it when there is some left.
    func note(_ response: HTTPResponse) {
        guard let reported = RateLimitStatus(response) else { return }
        state.withLock { $0 = (reported.remaining == 0 && reported.resetAt != nil ? reported : nil, false) }
    }

    /// The spent budget, while its reset is still to come at `now`, and whether an earlier run
    /// found it spent (this one heard nothing of it).
    func spent(now: Date) -> (status: RateLimitStatus, carriedOver: Bool)? {
        state.withLock { state in
            guard let status = state.status, let reset = status.resetAt, reset > now else { return nil }
            return (status, state.carriedOver)
        }
    }
}
