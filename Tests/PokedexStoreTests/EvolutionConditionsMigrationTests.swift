import Testing

@testable import PokedexStore
@testable import SQLiteDatabase

/// A database synced before `record_every_evolution_condition` gets each step's conditions
/// from the `details_json` it already holds: no chain is downloaded again.
@Suite("Evolution conditions of databases synced before they had columns")
struct EvolutionConditionsMigrationTests {
    static let migrationName = "record_every_evolution_condition"

    /// Annihilape's and Dusk Lycanroc's evolution_details as PokeAPI gives them (chains 24 and
    /// 383, shortened), objects covering the other columns, then ones a hostile server could send.
    static let details: [(json: String, expected: [String])] = [
        (
            #"{"base_form":null,"evolved_form":null,"gender":null,"min_move_count":20,"min_steps":null,"#
                + #""near_special_rock":false,"needs_multiplayer":false,"region":null,"trigger":{"name":"use-move","#
                + #""url":"/api/v2/evolution-trigger/14/"},"used_move":{"name":"rage-fist","url":"/api/v2/move/889/"},"#
                + #""version_group":{"name":"scarlet-violet","url":"/api/v2/version-group/25/"}}"#,
            [
                "'rage-fist'", "20", "NULL", "NULL", "0", "0", "NULL", "NULL", "NULL",
                "'scarlet-violet'",
            ]
        ),
        (
            #"{"base_form":{"name":"rockruff-own-tempo","url":"/api/v2/pokemon/10151/"},"evolved_form":{"name":"#
                + #""lycanroc-dusk","url":"/api/v2/pokemon/10152/"},"min_level":25,"time_of_day":"dusk","#
                + #""trigger":{"name":"level-up","url":"/api/v2/evolution-trigger/1/"}}"#,
            ["NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "'rockruff-own-tempo'", "'lycanroc-dusk'", "NULL"]
        ),
        (
            #"{"min_damage_taken":49,"min_steps":1000,"needs_multiplayer":true,"region":{"name":"galar","url":"/r/8/"}}"#,
            ["NULL", "NULL", "1000", "49", "NULL", "1", "'galar'", "NULL", "NULL", "NULL"]
        ),
        (
            #"{"near_special_rock":true,"location":{"name":"eterna-forest","url":"/l/1/"}}"#,
            ["NULL", "NULL", "NULL", "NULL", "1", "NULL", "NULL", "NULL", "NULL", "NULL"]
        ),
        // Values of a type the sync never accepts stay NULL; a body that is not JSON changes nothing.
        (
            #"{"min_steps":"1000","min_move_count":2.5,"used_move":"rage-fist","near_special_rock":1}"#,
            Array(repeating: "NULL", count: 10)
        ),
        ("not json", Array(repeating: "NULL", count: 10)),
    ]

    @Test("the migration fills the new columns from details_json, and show reads them")
    func backfills() throws {
        let database = try Database(path: ":memory:")
        defer { database.close() }
        let all = try Migrator.embedded()
        let migration = try #require(all.migrations.first { $0.name.hasSuffix("_" + Self.migrationName) })
        try Migrator(migrations: all.migrations.filter { $0.version < migration.version }).migrate(database)
        try database.execute(
            """
            INSERT INTO evolution_chain (id, url) VALUES (24, '/api/v2/evolution-chain/24/');
            INSERT INTO evolution_chain_member (chain_id, position, species_name, species_url, evolves_from, is_baby)
            VALUES (24, 1, 'primeape', '/s/57/', NULL, 0), (24, 2, 'annihilape', '/s/979/', 'primeape', 0);
            """)
        for (index, detail) in Self.details.enumerated() {
            try database.run(
                """
                INSERT INTO evolution_step (chain_id, member_position, detail_position, trigger, details_json)
                VALUES (24, 2, ?, 'level-up', ?)
                """, [.int(index + 1), .text(detail.json)])
        }
        #expect(try all.migrate(database).first == migration.name, "it and the later ones are applied")
        let columns = [
            "used_move", "min_move_count", "min_steps", "min_damage_taken", "near_special_rock", "needs_multiplayer",
            "region", "base_form", "evolved_form", "version_group",
        ]
        let rows = try database.query(
            "SELECT \(columns.map { "quote(\($0))" }.joined(separator: ", ")) FROM evolution_step ORDER BY detail_position"
        ) { row in (0..<Int32(columns.count)).map { row.text($0) } }
        #expect(rows == Self.details.map(\.expected))
        let chain = try #require(try PokedexEntryQueries(database: database).evolutionChain(speciesName: "annihilape"))
        let rageFist = try #require(chain.members.last?.steps.first)
        #expect(
            rageFist.usedMove == "rage-fist" && rageFist.minMoveCount == 20 && rageFist.versionGroup == "scarlet-violet"
        )
        #expect(chain.members.last?.steps[1].evolvedForm == "lycanroc-dusk")
    }
}
