import Foundation
import HTTPTypes
import LocalDatabase
import Testing

@testable import PokedexSync

/// The budget an earlier run left spent: honoured until its reset, when that is within GitHub's
/// hour; a reset further ahead (a server's mistake, a wrong clock) does not stop every run.
@Suite("A spent rate limit carried over from an earlier run")
struct SpentRateLimitTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(
        "honoured while its reset is ahead, within an hour of now",
        arguments: [(-60.0, false), (1.0, true), (1_800, true), (3_600, true), (3_661, false), (31_536_000, false)]
            as [(Double, Bool)])
    func honoured(resetIn seconds: Double, spent: Bool) {
        let reset = GitHubSyncError.iso8601(Self.now.addingTimeInterval(seconds))
        let known = RateLimitStatus(RateLimitSnapshot(remaining: 0, limit: 5000, resetAt: reset))
        let carried = SpentRateLimit(known: known, now: Self.now)
        #expect((carried.spent(now: Self.now) != nil) == spent)
        #expect(carried.spent(now: Self.now)?.carriedOver ?? spent == spent, "carried over from the earlier run")
    }

    @Test("none carried over: nothing spent")
    func none() {
        #expect(SpentRateLimit(now: Self.now).spent(now: Self.now) == nil)
    }

    @Test("an answer of this run replaces the budget carried over, spent or not")
    func answerReplaces() throws {
        let reset = Self.now.addingTimeInterval(600)
        let known = RateLimitStatus(
            RateLimitSnapshot(remaining: 0, limit: 5000, resetAt: GitHubSyncError.iso8601(reset)))
        func answer(remaining: Int) throws -> HTTPResponse {
            HTTPResponse(
                url: try #require(URL(string: "http://127.0.0.1/rate_limit")), status: 403,
                headers: [
                    "X-RateLimit-Remaining": "\(remaining)", "X-RateLimit-Reset": "\(Int(reset.timeIntervalSince1970))",
                ],
                body: Data())
        }
        let budget = SpentRateLimit(known: known, now: Self.now)
        budget.note(try answer(remaining: 0))
        #expect(budget.spent(now: Self.now)?.carriedOver == false, "this run's answer said so")
        budget.note(try answer(remaining: 3))
        #expect(budget.spent(now: Self.now) == nil)
    }
}
