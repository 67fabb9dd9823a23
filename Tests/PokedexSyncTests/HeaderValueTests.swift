import Foundation
import LoopbackHTTP
import Testing

@testable import HTTPTypes
@testable import PokedexSync

/// The parsers of what servers send in headers, against hostile values: each gives nil or a
/// value in its documented range, and none traps, whatever the text.
@Suite("hostile header values")
struct HeaderValueTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Text built from fragments that have broken parsers: numbers of every size, signs,
    /// exponents, `nan`, `inf`, hex, spaces, separators, non-ASCII and control characters.
    static func hostileText(_ random: inout SplitMix64) -> String {
        let fragments = [
            "0", "5", "9", "60", "-", "+", ".", "e", "E", "1e300", "nan", "NaN", "inf", "-inf", "0x10", " ", "\t",
            "9223372036854775807", "9223372036854775808", "99999999999999999999", ",", ";", "<", ">", "\"", "W/",
            "rel=", "next", "=", "http://127.0.0.1:1/a", "https://evil.example/x", "GMT", "Sun, 06 Nov 1994 ",
            "08:49:37", "T", "Z", ":", "2024-02-29", "é", "\u{0}", "\u{7F}", "\r\n", "日本",
            String(repeating: "9", count: 40),
        ]
        return (0..<random.below(8)).map { _ in fragments[random.below(fragments.count)] }.joined()
    }

    @Test(
        "Retry-After: whole seconds or an HTTP-date; anything else is absent, long waits are clamped",
        arguments: [
            ("5", Duration.seconds(5)), (" 5 ", .seconds(5)), ("0", .zero), ("\t12\t", .seconds(12)),
            ("1e300", nil), ("nan", nil), ("inf", nil), ("-1", nil), ("-5", nil), ("0x10", nil), ("", nil),
            ("1.5", nil), ("+5", nil), ("5 5", nil), ("9223372036854775807", .seconds(60)),
            ("99999999999999999999", .seconds(60)), ("999999999999999999", .seconds(60)), ("61", .seconds(60)),
            // 1_800_000_000 is 2027-01-15T08:00:00Z.
            ("Fri, 15 Jan 2027 08:00:30 GMT", .seconds(30)), ("Fri, 15 Jan 2027 07:00:00 GMT", .zero),
            ("Sun, 06 Nov 1994 08:49:37 GMT", .zero), ("Fri, 15 Jan 2027 09:00:00 GMT", .seconds(60)),
            ("Fri, 15 Jan 2027 08:00:30 UTC", nil), ("Fri, 31 Feb 2027 08:00:30 GMT", nil),
            ("Fri, 15 Jan 2027 24:00:30 GMT", nil), ("Friday, 15-Jan-27 08:00:30 GMT", nil),
        ] as [(String, Duration?)])
    func retryAfter(text: String, expected: Duration?) {
        #expect(HTTPHeaderValue.retryAfter(text, now: Self.now, maximum: .seconds(60)) == expected)
    }

    @Test("Retry-After, rate-limit counts and resets never trap and stay in range on random text")
    func randomHeaderNumbers() {
        var random = SplitMix64(seed: 0x4E55_4D42_4552_5321)
        for _ in 0..<20_000 {
            let text = Self.hostileText(&random)
            if let wait = HTTPHeaderValue.retryAfter(text, now: Self.now, maximum: .seconds(60)) {
                #expect(wait >= .zero && wait <= .seconds(60), "\(text.debugDescription) → \(wait)")
            }
            if let count = HTTPHeaderValue.count(text) {
                #expect((0...Int(Int32.max)).contains(count), "\(text.debugDescription)")
            }
            if let reset = HTTPHeaderValue.epochSeconds(text) {
                #expect(reset.timeIntervalSince1970 >= 0 && reset.timeIntervalSince1970 <= 253_402_300_799)
            }
        }
    }

    @Test(
        "rate-limit headers: counts are plain digits; a reset is Unix seconds up to year 9999",
        arguments: [
            ("5000", 5000), ("0", 0), (" 42 ", 42), ("-5", nil), ("nan", nil), ("1e3", nil), ("0x10", nil),
            ("", nil), ("99999999999999999999", nil), ("9223372036854775807", nil), ("2147483647", 2_147_483_647),
            ("2147483648", nil), ("4 2", nil), ("٤٢", nil),
        ] as [(String, Int?)])
    func counts(text: String, expected: Int?) {
        #expect(HTTPHeaderValue.count(text) == expected)
    }

    static func response(_ status: Int, _ headers: [String: String]) -> HTTPResponse {
        HTTPResponse(
            url: URL(string: "https://api.github.com/x")!, status: status, headers: headers, body: Data("{}".utf8))
    }

    @Test("rate-limit waits and statuses from random headers are bounded and never trap")
    func randomRateLimits() {
        var random = SplitMix64(seed: 0x5241_5445_4C49_4D54)
        let names = ["Retry-After", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Limit"]
        for _ in 0..<5_000 {
            var headers: [String: String] = [:]
            for name in names where random.below(3) > 0 {
                headers[name] = random.below(4) == 0 ? String(random.next()) : Self.hostileText(&random)
            }
            let response = Self.response([403, 429][random.below(2)], headers)
            if let wait = RateLimitWait(response, now: Self.now) {
                #expect(wait.wait >= .zero && wait.wait <= RateLimitWait.longestWait, "\(headers)")
                #expect(wait.until.timeIntervalSince1970.isFinite)
            }
            if let status = RateLimitStatus(response) {
                #expect(status.remaining >= 0 && (status.limit ?? 0) >= 0)
                _ = status.resetAt.map(GitHubSyncError.iso8601)
                _ = GitHubSyncError.rateLimited(resetAt: status.resetAt ?? Self.now, wait: .seconds(1)).description
            }
        }
    }

    @Test(
        "an exhausted primary limit waits until its reset, a day at most",
        arguments: [
            ("1800000010", Duration.seconds(11)), ("0", .seconds(1)), ("253402300799", RateLimitWait.longestWait),
            ("1e300", .seconds(60)), ("nan", .seconds(60)), ("-5", .seconds(60)),
        ] as [(String, Duration)])
    func primaryLimit(reset: String, expected: Duration) throws {
        // A 429 whose reset is unusable is still a rate limit: GitHub's minute applies.
        let wait = try #require(
            RateLimitWait(
                Self.response(429, ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset]), now: Self.now))
        #expect(wait.wait == expected)
    }

    @Test(
        "ETags are stored only when well-formed, printable ASCII and short",
        arguments: [
            (#""abc""#, true), (#"W/"1f0c-xyz""#, true), (#""""#, true), ("abc", false), (#"W/abc"#, false),
            (#""a"b""#, false), ("\"a\u{0}b\"", false), ("\"a\r\nX-Injected: 1\"", false), (#""é""#, false),
            (#""a b""#, false), ("\"" + String(repeating: "a", count: 300) + "\"", false), ("", false),
            (#"w/"abc""#, false),
        ] as [(String, Bool)])
    func entityTags(text: String, storable: Bool) {
        #expect((EntityTagValue.storable(text) != nil) == storable)
    }

    @Test("random ETags, Link headers and dates never trap; what is accepted is well-formed")
    func randomValidations() {
        var random = SplitMix64(seed: 0x4554_4147_4C49_4E4B)
        let api = URL(string: "http://127.0.0.1:1")!
        for _ in 0..<20_000 {
            let text = Self.hostileText(&random)
            if let tag = EntityTagValue.storable(text) {
                #expect(
                    tag.utf8.count <= EntityTagValue.maximumLength && tag.utf8.allSatisfy { (0x21...0x7E).contains($0) }
                )
            }
            if GitHubTimestamp.isValid(text) { #expect(text.utf8.count == 20 && text.hasSuffix("Z")) }
            let response = HTTPResponse(url: api, status: 200, headers: ["Link": text], body: Data())
            if let next = try? LinkHeader.nextPage(of: response, api: api) {
                #expect(URL(string: next, relativeTo: api)?.absoluteURL.hasSameOrigin(as: api) == true, "\(text)")
            }
        }
    }

    @Test(
        "GitHub dates are YYYY-MM-DDTHH:MM:SSZ, real calendar dates",
        arguments: [
            ("2024-02-29T23:59:59Z", true), ("2011-04-22T13:33:48Z", true), ("2023-02-29T00:00:00Z", false),
            ("not a date", false), ("2024-01-01T00:00:00+00:00", false), ("2024-01-01T00:00:00.000Z", false),
            ("2024-13-01T00:00:00Z", false), ("2024-01-01T24:00:00Z", false), ("2024-01-01 00:00:00Z", false),
            ("", false), ("9999-12-31T23:59:59Z", true), ("２０２４-01-01T00:00:00Z", false),
            ("2024-01-01T00:00:60Z", false), ("2024-1-01T00:00:00Z", false),
        ] as [(String, Bool)])
    func dates(text: String, valid: Bool) {
        #expect(GitHubTimestamp.isValid(text) == valid)
    }

    @Test(
        "a next link must be http(s) on the API's origin",
        arguments: [
            ("<http://127.0.0.1:1/repositories/1/issues?page=2>; rel=\"next\"", true),
            ("</repositories/1/issues?page=2>; rel=\"next\"", true),
            ("<https://evil.example/repositories/1/issues?page=2>; rel=\"next\"", false),
            ("<http://127.0.0.1:2/x>; rel=\"next\"", false), ("<file:///etc/passwd>; rel=\"next\"", false),
            ("<javascript:alert(1)>; rel=\"next\"", false),
        ])
    func linkOrigin(header: String, accepted: Bool) {
        let api = URL(string: "http://127.0.0.1:1")!
        let response = HTTPResponse(url: api, status: 200, headers: ["Link": header], body: Data())
        let next = Result { try LinkHeader.nextPage(of: response, api: api) }
        #expect(((try? next.get()) != nil) == accepted)
    }
}
