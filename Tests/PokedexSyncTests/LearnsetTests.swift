import Foundation
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexSync

/// Learnsets: scanned from a Pokémon body's `moves`, stored with its details or from bodies
/// stored before, and read back as `show` and `list --learns` ask.
@Suite("Learnsets")
struct LearnsetTests {
    static func body(_ moves: String) -> Data {
        Data(
            #"{"id":25,"name":"pikachu","types":[],"abilities":[],"stats":[],"moves":\#(moves)}"#.utf8)
    }

    static func detail(_ group: String, _ method: String, _ level: Int, order: String = "null") -> String {
        #"{"level_learned_at":\#(level),"move_learn_method":{"name":"\#(method)","url":"u"},"#
            + #""version_group":{"name":"\#(group)","url":"u"},"order":\#(order)}"#
    }

    @Test(
        "each version group detail of each move is one row; moves of another shape are none, invalid JSON refuses",
        arguments: [
            ("[]", [LearnedMove]?.some([])),
            (
                #"[{"move":{"name":"thunderbolt","url":"u"},"version_group_details":["#
                    + detail("red-blue", "machine", 0) + "," + detail("scarlet-violet", "level-up", 36, order: "2")
                    + "]}]",
                [
                    LearnedMove(move: "thunderbolt", versionGroup: "red-blue", method: "machine", level: 0, order: nil),
                    LearnedMove(
                        move: "thunderbolt", versionGroup: "scarlet-violet", method: "level-up", level: 36, order: 2),
                ]
            ),
            (#"[{"version_group_details":[]}]"#, []),
            (#"[{"move":{"name":"x","url":"u"},"version_group_details":[{"level_learned_at":1}]}]"#, []),
            (#"[{"move":{"name":"x","url":"u"},"version_group_details":{}}]"#, []),
            ("[1,2", nil), (#"[{"move":tru}]"#, nil),
        ])
    func scan(moves: String, expected: [LearnedMove]?) throws {
        let scanned = try? PokeAPIScanner.details(from: Self.body(moves)).moves
        #expect(scanned == expected)
    }

    @Test("stored with the details; a body stored before is scanned again by the next sync's upkeep")
    func storedAndRescanned() throws {
        let (directory, database) = try PokedexEntryFixture.installedDatabase()
        _ = directory
        let moves =
            #"[{"move":{"name":"thunderbolt","url":"u"},"version_group_details":["#
            + Self.detail("red-blue", "machine", 0) + "," + Self.detail("scarlet-violet", "level-up", 36)
            + #"]},{"move":{"name":"nuzzle","url":"u"},"version_group_details":["#
            + Self.detail("scarlet-violet", "level-up", 1) + "," + Self.detail("legends-za", "tutor", 0) + "]}]"
        let body = Self.body(moves)
        // A body stored before learnsets were kept: its row is pending, as 0021 marks it.
        try database.run("DELETE FROM pokemon_move_coded WHERE pokemon_id = 25")
        try database.run(
            "UPDATE pokemon_detail_json SET body_encoding = 'identity', body_size = ?, body = ? WHERE pokemon_id = 25",
            [.int(body.count), .blob(Array(body)[...])])
        try database.run("INSERT OR IGNORE INTO pokemon_move_rescan_pending VALUES (25)")
        try LearnsetRescan.run(database)
        #expect(try database.queryFirst("SELECT count(*) FROM pokemon_move_rescan_pending", row: { $0.int(0) }) == 0)
        #expect(
            try database.queryFirst("SELECT count(*) FROM pokemon_move WHERE pokemon_id = 25", row: { $0.int(0) }) == 4)

        let queries = PokedexEntryQueries(database: database)
        // No version group stored: the newest by name among those teaching by level.
        let newest = try #require(try queries.learnset(pokemonID: 25, versionGroup: nil))
        #expect(newest.versionGroup == "scarlet-violet")
        #expect(newest.moves.map(\.move) == ["nuzzle", "thunderbolt"], "by level")
        // Stored version groups order them: a later group teaching by level wins.
        try database.run("INSERT INTO version_group VALUES (1, 'red-blue', 'generation-i', 1)")
        try database.run("INSERT INTO version_group VALUES (2, 'scarlet-violet', 'generation-ix', 25)")
        #expect(try queries.learnset(pokemonID: 25, versionGroup: "red-blue")?.moves.map(\.method) == ["machine"])
        #expect(try queries.moveSlug("Thunderbolt") == "thunderbolt" && queries.moveSlug("nope") == nil)
        #expect(try queries.versionGroupSlug("Scarlet Violet") == "scarlet-violet")
        #expect(try queries.list(offset: 0, limit: 10, learns: "thunderbolt").map(\.summary.id) == [25])
        #expect(try queries.list(offset: 0, limit: 10, learns: "nuzzle", versionGroup: "red-blue").isEmpty)
        #expect(try queries.count(type: nil, generation: nil, learns: "nuzzle", versionGroup: "legends-za") == 1)
        // `browse`'s learns: takes the same Pokémon, in any group.
        #expect(try queries.learnerIDs(ofMove: "nuzzle") == [25])
        #expect(try queries.learnerIDs(ofMove: "nope").isEmpty)
    }
}

/// Real learnsets from `../shared/data/pokeapi`.
@Suite("Real learnsets", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealLearnsetTests {
    private struct Found: Error {}

    /// The bodies of these Pokémon, reading the file only as far as the last of them.
    static func pokemon(_ ids: Set<Int>) throws -> [Int: Data] {
        var found: [Int: Data] = [:]
        do {
            try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/pokemon.jsonl.gz") { line in
                guard
                    let id = ids.first(where: { line.starts(with: Data(#"{"path": "/api/v2/pokemon/\#($0)/""#.utf8)) })
                else { return }
                let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
                found[id] = Data(try #require(record["body"] as? String).utf8)
                if found.count == ids.count { throw Found() }
            }
        } catch is Found {}
        return found
    }

    @Test("Pikachu in scarlet-violet learns Thunderbolt at 36 and Thunder at 44; Eevee has egg and tutor moves")
    func pikachuAndEevee() throws {
        let bodies = try Self.pokemon([25, 133])
        let pikachu = try PokeAPIScanner.details(from: try #require(bodies[25])).moves
        let violet = pikachu.filter { $0.versionGroup == "scarlet-violet" && $0.method == "level-up" }
        #expect(violet.contains { $0.move == "thunderbolt" && $0.level == 36 })
        #expect(violet.contains { $0.move == "thunder" && $0.level == 44 })
        #expect(
            pikachu.contains { $0.move == "thunderbolt" && $0.versionGroup == "red-blue" && $0.method == "machine" })
        let eevee = try PokeAPIScanner.details(from: try #require(bodies[133])).moves
        #expect(eevee.contains { $0.method == "egg" } && eevee.contains { $0.method == "tutor" })
        #expect(Set(eevee.map(\.method)).isSuperset(of: ["level-up", "machine", "egg", "tutor"]))
    }
}
