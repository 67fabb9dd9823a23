import Foundation

/// GitHub's rate limits: the primary budget (an hour's window, `X-RateLimit-*` headers), the
/// secondary limit's `Retry-After` answers, and the authentication checked between the two.
extension FakeGitHubBackend {
    struct Limits {
        var limit = 5_000
        var used = 0
        /// Epoch seconds (fractional) at which the budget refills.
        var resetAt: Double
        var sendsHeaders = true
        var remaining: Int { max(0, limit - used) }
    }

    /// The primary budget's window, from the fake's start; when it ends the budget refills.
    static let window = 3_600.0
    static let docsRateLimits = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"

    var limits: Limits {
        synchronized {
            refillIfDue(now: Date().timeIntervalSince1970)
            return storedLimits
        }
    }

    func setRemaining(_ remaining: Int, resetIn seconds: Double) {
        synchronized {
            storedLimits.used = storedLimits.limit - min(max(0, remaining), storedLimits.limit)
            storedLimits.resetAt = Date().timeIntervalSince1970 + max(0, seconds)
        }
    }

    func setSecondaryLimit(count: Int, retryAfter: Int, status: Int) {
        synchronized { secondary = (max(0, count), retryAfter, status) }
    }

    func setSendsRateLimitHeaders(_ sends: Bool) {
        synchronized { storedLimits.sendsHeaders = sends }
    }

    /// Secondary limit, authentication and the primary limit, in that order; nil lets the request
    /// through. Callers hold the lock.
    func gate(_ request: RecordedRequest, requestID: String, now: Double) -> Reply? {
        let support =
            "If you reach out to GitHub Support for help, please include the request ID "
            + "\(requestID) and timestamp \(GitHubTime.support(Int64(now)))."
        if secondary.remaining > 0 {
            secondary.remaining -= 1
            var reply = Reply.json(
                secondary.status,
                .object([
                    (
                        "message",
                        .string(
                            "You have exceeded a secondary rate limit. Please wait a few minutes "
                                + "before you try again. \(support)")
                    ),
                    ("documentation_url", .string(Self.docsRateLimits + "#about-secondary-rate-limits")),
                    ("status", .string(String(secondary.status))),
                ]), headers: [("Retry-After", String(secondary.retryAfter))])
            reply.consumesBudget = false
            return reply
        }
        let authorization = request.header("authorization")
        if let requiredToken {
            guard let authorization else {
                return Self.error(401, "Requires authentication", Self.docsRoot)
            }
            guard Self.credential(in: authorization) == requiredToken else {
                return Self.error(401, "Bad credentials", Self.docsRoot)
            }
        }
        if storedLimits.sendsHeaders && storedLimits.remaining == 0 {
            let who =
                authorization == nil
                ? "127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. "
                    + "Check out the documentation for more details.)"
                : "user ID 1."
            var reply = Self.error(403, "API rate limit exceeded for \(who) \(support)", Self.docsRateLimits)
            reply.consumesBudget = false
            return reply
        }
        return nil
    }

    /// The token of `Bearer T` or `token T` (scheme case-insensitive); nil for anything else.
    static func credential(in authorization: String) -> String? {
        let parts = authorization.trimmingCharacters(in: .whitespaces)
            .split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, ["bearer", "token"].contains(parts[0].lowercased()) else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// Callers hold the lock.
    func refillIfDue(now: Double) {
        if now >= storedLimits.resetAt {
            storedLimits.used = 0
            storedLimits.resetAt = now + Self.window
        }
    }
}
