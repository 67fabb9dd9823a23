import HTTPTypes
import SyncSettings

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How transient failures are retried: exponential backoff with full jitter, or the
/// server's `Retry-After`, bounded in attempts and in total time spent waiting.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maximumAttempts: Int
    public var initialDelay: Duration
    public var maximumDelay: Duration
    /// The most time spent waiting between attempts of one request.
    public var maximumTotalWait: Duration

    public static func retries(_ count: Int, maximumTotalWait: Duration = .seconds(SyncDefaults.retryWaitSeconds))
        -> RetryPolicy
    {
        RetryPolicy(
            maximumAttempts: count + 1, initialDelay: .milliseconds(500), maximumDelay: .seconds(8),
            maximumTotalWait: maximumTotalWait)
    }

    public static let standard = retries(SyncDefaults.retries)

    /// The wait before attempt `attempt + 1`: the server's `Retry-After` when it sent one,
    /// else a random share of `initialDelay × 2^(attempt-1)`, capped at `maximumDelay`.
    func delay(
        afterAttempt attempt: Int, retryAfter: Duration?,
        random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) -> Duration {
        if let retryAfter { return min(retryAfter, maximumTotalWait) }
        let exponential = initialDelay * (1 << min(attempt - 1, 20))
        let ceiling = min(exponential, maximumDelay)
        // Full jitter spreads clients that failed together; never less than a tenth of it.
        return ceiling * random(0.1...1.0)
    }
}

extension FetchError {
    /// Whether trying again may help: no answer, a server-side failure, a throttle, or a
    /// 200 that is not JSON (CDNs answer so while struggling). Other 4xx, JSON of the
    /// wrong shape and a body over its bound will not change by asking again.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .notJSON: return true
        case .status(_, let status, _): return status >= 500 || status == 408 || status == 429
        case .undecodable, .tooLarge, .offAPI: return false
        }
    }
}

extension FetchError {
    /// A detail that cannot be used: not JSON, JSON not of the shape wanted, or not found
    /// (404 or 410 for an entry its list names: the list and the detail disagree about that
    /// one entry, not the server about the rest).
    var isRefusedDetail: Bool {
        switch self {
        case .notJSON, .undecodable, .status(_, 404, _), .status(_, 410, _): return true
        case .unreachable, .status, .tooLarge, .offAPI: return false
        }
    }
}

extension HTTPClient {
    /// Sends `request` and hands the answer to `accept`, retrying transient failures as
    /// `policy` allows. The last failure is thrown when the policy is spent.
    public func fetch<Value>(
        _ request: HTTPRequest, retrying policy: RetryPolicy,
        _ accept: (HTTPResponse) throws -> Value
    ) async throws -> Value {
        var attempt = 1
        var waited: Duration = .zero
        while true {
            // A cancelled sync (a signal) sends nothing more; what is in flight completes.
            try Task.checkCancellation()
            var retryAfter: Duration?
            let failure: FetchError
            do {
                let response = try await send(request)
                // Checked, never converted blindly: `Retry-After: nan` once trapped here.
                retryAfter = HTTPHeaderValue.retryAfter(
                    response.header("Retry-After"), now: clock.now(), maximum: policy.maximumTotalWait)
                return try accept(response)
            } catch let error as FetchError {
                failure = error
            }
            guard failure.isTransient, attempt < policy.maximumAttempts else { throw failure }
            let delay = policy.delay(afterAttempt: attempt, retryAfter: retryAfter)
            guard waited + delay <= policy.maximumTotalWait else { throw failure }
            onRetry(
                RetryNotice(
                    url: request.url.absoluteString, delay: delay, retry: attempt,
                    retries: policy.maximumAttempts - 1, reason: failure.briefReason))
            try await clock.sleep(delay)
            waited += delay
            attempt += 1
        }
    }
}
