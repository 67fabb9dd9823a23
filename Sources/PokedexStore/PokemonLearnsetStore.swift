import SQLiteDatabase

/// The learnsets (`pokemon_move`), written with each Pokémon's details, and the bodies stored
/// before the table existed, which a sync scans again.
extension PokemonCatalog {
    /// Replaces the Pokémon's learnset; a row its body gives twice is kept once. Slugs are
    /// coded through `learnset_name` (migration 0023).
    func saveLearnset(pokemonID: Int, _ moves: [LearnedMove]) throws {
        let id = SQLValue.int(pokemonID)
        try database.run("DELETE FROM pokemon_move_coded WHERE pokemon_id = ?", [id])
        let names = Array(Set(moves.flatMap { [$0.versionGroup, $0.method, $0.move] }))
        try database.run("INSERT OR IGNORE INTO learnset_name (name) VALUES (?)", rows: names.count) {
            [.text(names[$0])]
        }
        try database.run(
            """
            INSERT OR IGNORE INTO pokemon_move_coded (pokemon_id, version_group, method, move, level, sort_order)
            VALUES (?1, (SELECT id FROM learnset_name WHERE name = ?2), (SELECT id FROM learnset_name WHERE name = ?3),
                    (SELECT id FROM learnset_name WHERE name = ?4), ?5, ?6)
            """, rows: moves.count
        ) { index in
            let move = moves[index]
            return [
                id, .text(move.versionGroup), .text(move.method), .text(move.move), .int(move.level), .int(move.order),
            ]
        }
        try database.run("DELETE FROM pokemon_move_rescan_pending WHERE pokemon_id = ?", [id])
    }

    /// Up to `limit` Pokémon whose stored body is still to be scanned for its learnset.
    public func learnsetsPending(limit: Int) throws -> [Int] {
        try database.query(
            "SELECT pokemon_id FROM pokemon_move_rescan_pending ORDER BY pokemon_id LIMIT ?", [.int(limit)]
        ) {
            $0.int(0)
        }
    }

    /// Stores the learnsets scanned from stored bodies, in one transaction; `nil` marks a body
    /// that is gone or does not scan, which the next refresh downloads and scans anyway.
    public func saveRescannedLearnsets(_ learnsets: [(pokemonID: Int, moves: [LearnedMove]?)]) throws {
        try database.writeTransaction {
            for (id, moves) in learnsets {
                if let moves {
                    try saveLearnset(pokemonID: id, moves)
                } else {
                    try database.run("DELETE FROM pokemon_move_rescan_pending WHERE pokemon_id = ?", [.int(id)])
                }
            }
        }
    }
}
