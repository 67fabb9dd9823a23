import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexCLI

@Suite("status for people")
struct StatusTextTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
    }

    /// Runs of the Pokémon at fixed times: a success, then one left running.
    func record() throws -> (success: String, unfinished: String) {
        let log = SyncRunLog(database: database)
        let done = try log.begin(.pokemon, pid: 1)
        try log.finish(done, SyncRunEnd(outcome: .succeeded, itemsChanged: 1351, requests: 1353))
        let running = try log.begin(.pokemon, pid: 2)
        try database.run(
            "UPDATE sync_run SET started_at = '2026-12-01T09:00:00Z', finished_at = '2026-12-01T09:00:30Z' WHERE id = ?",
            [.int(done)])
        try database.run("UPDATE sync_run SET started_at = '2026-12-01T12:00:00Z' WHERE id = ?", [.int(running)])
        return ("2026-12-01T09:00:30Z", "2026-12-01T12:00:00Z")
    }

    func pokemonLines(syncHolder: String?, width: Int) throws -> [String] {
        _ = try record()
        let now = try #require(UTCTime.seconds("2026-12-01T12:00:42Z"))
        let text = StatusText.render(
            try StoreStatus.read(from: database), syncHolder: syncHolder, now: now, width: width)
        let lines = text.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("Pokémon catalog:") })
        return Array(lines[start..<(lines[start...].firstIndex(of: "") ?? lines.endIndex)])
    }

    @Test(
        "counts in words, thousands grouped; an image kind's with its size, left out when none is stored",
        arguments: [
            ([("pokemon", 1351), ("with_details", 1351)], ["1,351 Pokémon", "1,351 with details"]),
            ([("pokemon_encounters", 1351)], ["1,351 Pokémon encounters"]),
            (
                [
                    ("sprite_images", 1148), ("sprite_bytes", 729_100), ("shiny_images", 0), ("shiny_bytes", 0),
                    ("official_images", 1), ("official_bytes", 0), ("missing", 192),
                ],
                ["1,148 sprite images (729.1 kB)", "1 official image (0 B)", "192 missing"]
            ),
            (
                [
                    ("sprite_images", 3), ("sprite_bytes", 900), ("official_images", 0), ("official_bytes", 0),
                    ("missing", 0),
                ],
                ["3 sprite images (900 B)"]
            ),
            (
                [
                    ("sprite_images", 0), ("sprite_bytes", 0), ("official_images", 0), ("official_bytes", 0),
                    ("missing", 0),
                ],
                ["none stored"]
            ),
        ])
    func describedCounts(counts: [(String, Int)], expected: [String]) {
        #expect(StatusText.describedCounts(counts) == expected)
    }

    @Test("a run left running with no sync holding the lock shows as abandoned, times with how long ago, at 80 columns")
    func abandonedAt80() throws {
        #expect(
            try pokemonLines(syncHolder: nil, width: 80) == [
                "Pokémon catalog: 0 Pokémon, 0 with details",
                "  abandoned:     started 2026-12-01T12:00:00Z, just now; its sync ended without",
                "                 recording how (killed, the machine stopped, or the disk full);",
                "                 the next sync marks it abandoned and goes on from what it",
                "                 committed",
                "  last success:  2026-12-01T09:00:30Z, 3 h ago; 1,351 changed, 1,353 requests",
                "  last failure:  none",
            ])
    }

    @Test("while a sync holds the lock, its run shows as running, on one line at 120 columns")
    func runningAt120() throws {
        #expect(
            try pokemonLines(syncHolder: "pid 2 since 2026-12-01T12:00:00Z", width: 120) == [
                "Pokémon catalog: 0 Pokémon, 0 with details",
                "  running now:   started 2026-12-01T12:00:00Z, just now",
                "  last success:  2026-12-01T09:00:30Z, 3 h ago; 1,351 changed, 1,353 requests",
                "  last failure:  none",
            ])
    }

    @Test(
        "how long ago, in words",
        arguments: [
            (0, "just now"), (59, "just now"), (60, "1 min ago"), (3_599, "59 min ago"), (3_600, "1 h ago"),
            (172_799, "47 h ago"), (172_800, "2 days ago"), (-30, "just now"), (-3_600, "in the future"),
        ])
    func ago(seconds: Int, words: String) {
        #expect(RelativeTime.ago(seconds) == words)
    }

    @Test("a time pokedex did not write is shown as it is", arguments: ["", "yesterday", "2026-12-01 12:00:00"])
    func notATime(text: String) {
        #expect(RelativeTime.described(text, now: 0) == text)
    }
}
