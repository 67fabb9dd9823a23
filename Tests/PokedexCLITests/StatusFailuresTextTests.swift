import PokedexStore
import Testing
import TextUtilities

@testable import LocalDatabase
@testable import PokedexCLI

/// What `status` shows of failed runs: each failing kind of the root index's, on lines that fit.
@Suite("status for people: failures")
struct StatusFailuresTextTests {
    static let now = UTCTime.seconds("2026-12-04T12:00:00Z") ?? 0

    /// A run of `kind` ended at `minute` past 11:00 on the day `now` is.
    static func run(_ id: Int, _ kind: String, _ outcome: SyncOutcome, minute: Int, error: String? = nil) -> SyncRun {
        let time = "2026-12-04T11:\(minute < 10 ? "0" : "")\(minute):00Z"
        return SyncRun(
            id: id, resource: .pokeAPI(PokeAPIKind(kind)), pid: 1, startedAt: time, finishedAt: time,
            outcome: outcome, error: error, itemsChanged: nil, requests: nil, rateLimit: nil, notice: nil)
    }

    /// `status`'s lines at `width` for the runs given, by kind: its last success and failure.
    static func lines(_ runs: [String: Pair], width: Int = 80, now: Int = now) -> [String] {
        let resources = runs.keys.sorted().map { kind in
            StoreStatus.ResourceStatus(
                resource: .pokeAPI(PokeAPIKind(kind)), counts: [("entries", 1), ("with_details", 1)],
                lastSuccess: runs[kind]?.success, lastFailure: runs[kind]?.failure)
        }
        let status = StoreStatus(
            path: "/p.sqlite", sizeBytes: 0, schemaVersion: 1, resources: resources, rateLimit: nil)
        return StatusText.render(status, syncHolder: nil, now: now, width: width).description
            .split(separator: "\n").map(String.init)
    }

    static func title(_ kind: String) -> String { SyncResource.pokeAPI(PokeAPIKind(kind)).title }

    struct Case: Sendable {
        let runs: [String: Pair]
        let expected: [String]
    }

    struct Pair: Sendable {
        let success: SyncRun?
        let failure: SyncRun?
    }

    static let cases: [Case] = [
        // Both failed in the last sync: both shown, the newest first.
        Case(
            runs: [
                "item": Pair(
                    success: run(1, "item", .succeeded, minute: 1),
                    failure: run(3, "item", .failed, minute: 3, error: "HTTP 500")),
                "pokemon-form": Pair(
                    success: nil, failure: run(4, "pokemon-form", .failed, minute: 4, error: "HTTP 502")),
                "berry": Pair(success: run(2, "berry", .succeeded, minute: 2), failure: nil),
            ],
            expected: [
                "  last failure:  \(title("pokemon-form")), 2026-12-04T11:04:00Z, 56 min ago (failed): HTTP 502",
                "                 \(title("item")), 2026-12-04T11:03:00Z, 57 min ago (failed): HTTP 500",
            ]),
        // The item failed, then succeeded: the berry, failing now, alone.
        Case(
            runs: [
                "item": Pair(
                    success: run(5, "item", .succeeded, minute: 5),
                    failure: run(3, "item", .failed, minute: 3, error: "HTTP 500")),
                "berry": Pair(success: nil, failure: run(4, "berry", .failed, minute: 4, error: "HTTP 503")),
            ],
            expected: ["  last failure:  \(title("berry")), 2026-12-04T11:04:00Z, 56 min ago (failed): HTTP 503"]),
        // None failing now: the newest failure, as before.
        Case(
            runs: [
                "item": Pair(
                    success: run(5, "item", .succeeded, minute: 5),
                    failure: run(3, "item", .failed, minute: 3, error: "HTTP 500")),
                "berry": Pair(
                    success: run(6, "berry", .succeeded, minute: 6),
                    failure: run(2, "berry", .failed, minute: 2, error: "x")),
            ],
            expected: ["  last failure:  \(title("item")), 2026-12-04T11:03:00Z, 57 min ago (failed): HTTP 500"]),
    ]

    @Test(
        "each kind whose latest run failed is shown; a failure a later success followed only when none is failing",
        arguments: cases)
    func kindFailures(case: Case) throws {
        let lines = Self.lines(`case`.runs, width: 120)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  last failure:") }, "\(lines)")
        #expect(Array(lines[start...]) == `case`.expected)
    }

    @Test("beyond five failing kinds, the rest are named on a line of their own")
    func manyFailingKinds() throws {
        let kinds = (1...7).map { "kind-\($0)" }
        let lines = Self.lines(
            Dictionary(
                uniqueKeysWithValues: kinds.enumerated().map { index, kind in
                    (
                        kind,
                        Pair(
                            success: nil,
                            failure: Self.run(index + 1, kind, .failed, minute: index + 1, error: "HTTP 500"))
                    )
                }), width: 120)
        #expect(lines.last == "                 and 2 more failing: kind-2, kind-1", "\(lines)")
        #expect(lines.filter { $0.hasSuffix("(failed): HTTP 500") }.count == 5, "\(lines)")
    }

    @Test(
        "a failure quoting a link wider than the line fits the width, the link cut with …",
        arguments: [80, 60, 40])
    func longLink(width: Int) throws {
        let image =
            "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/"
            + "shiny/10263.png"
        let lines = Self.lines(
            [
                "item": Pair(
                    success: nil, failure: Self.run(1, "item", .failed, minute: 1, error: "GET \(image) failed"))
            ],
            width: width)
        #expect(lines.allSatisfy { TerminalColumns.of($0) <= width }, "\(lines)")
        #expect(lines.contains { $0.contains("https://raw.") && $0.hasSuffix("…") }, "\(lines)")
        #expect(lines.last?.hasSuffix(" failed") == true, "\(lines)")
    }
}

extension StatusFailuresTextTests {
    static let refused =
        "GitHub's rate limit is exhausted until 2026-12-04T12:30:00Z (in 60 min 1 s); everything fetched so far is "
        + "stored: run again after that"

    @Test(
        "a rate limit's countdown is counted from now, and said to be over once its time has passed",
        arguments: [
            ("2026-12-04T12:00:00Z", "until 2026-12-04T12:30:00Z (in 30 min 0 s); everything"),
            ("2026-12-04T12:29:59Z", "until 2026-12-04T12:30:00Z (in 0 min 1 s); everything"),
            ("2026-12-04T12:30:00Z", "until 2026-12-04T12:30:00Z (passed); everything"),
            ("2026-12-05T09:00:00Z", "until 2026-12-04T12:30:00Z (passed); everything"),
        ])
    func countdown(now: String, expected: String) throws {
        let lines = Self.lines(
            ["item": Pair(success: nil, failure: Self.run(1, "item", .failed, minute: 1, error: Self.refused))],
            width: 400, now: try #require(UTCTime.seconds(now)))
        #expect(lines.contains { $0.contains(expected) }, "\(lines)")
    }
}
