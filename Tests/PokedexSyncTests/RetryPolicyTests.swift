import Foundation
import Testing

@testable import HTTPTypes
@testable import PokedexSync

@Suite("Retries")
struct RetryPolicyTests {
    @Test(
        "backoff doubles from the initial delay up to the cap, with jitter",
        arguments: [
            (1, 0.5), (2, 1.0), (3, 2.0), (4, 4.0), (5, 8.0), (6, 8.0), (30, 8.0),
        ])
    func backoff(attempt: Int, ceilingSeconds: Double) {
        let policy = RetryPolicy.standard
        #expect(
            policy.delay(afterAttempt: attempt, retryAfter: nil, random: { $0.upperBound })
                == .milliseconds(Int64(ceilingSeconds * 1000)))
        #expect(
            policy.delay(afterAttempt: attempt, retryAfter: nil, random: { $0.lowerBound })
                == .milliseconds(Int64(ceilingSeconds * 100)))
    }

    @Test("Retry-After wins, within the total budget")
    func retryAfter() {
        let policy = RetryPolicy.retries(3, maximumTotalWait: .seconds(10))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3)) == .seconds(3))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(300)) == .seconds(10))
    }

    @Test(
        "which failures are worth another try",
        arguments: [
            (FetchError.unreachable(url: "u", reason: "timed out"), true),
            (.status(url: "u", status: 500, bodyPrefix: ""), true),
            (.status(url: "u", status: 503, bodyPrefix: ""), true),
            (.status(url: "u", status: 429, bodyPrefix: ""), true),
            (.status(url: "u", status: 408, bodyPrefix: ""), true),
            (.notJSON(url: "u", status: 200, bodyPrefix: "<html>"), true),
            (.status(url: "u", status: 404, bodyPrefix: ""), false),
            (.status(url: "u", status: 403, bodyPrefix: ""), false),
            (.status(url: "u", status: 400, bodyPrefix: ""), false),
            (.undecodable(url: "u", reason: "missing id", bodyPrefix: ""), false),
        ])
    func transient(error: FetchError, expected: Bool) {
        #expect(error.isTransient == expected)
    }
}
