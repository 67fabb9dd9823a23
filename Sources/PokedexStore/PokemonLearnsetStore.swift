import SQLiteDatabase

/// The learnsets (`pokemon_move`), written with each Pokémon's details, and the bodies stored
/// before the table existed, which a sync scans again.
extension PokemonCatalog {
    /// Replaces the Pokémon's learnset; a row its body gives twice is kept once. Slugs are
    /// coded through `learnset_name` (migration 0023).
    func saveLearnset(pokemonID: Int, _ moves: [LearnedMove]) throws {
        let id = SQLValue.int(pokemonID)
        try database.run("DELETE FROM pokemon_move_coded WHERE pokemon_id = ?", [id])
        var rows: [CodedLearnsetRow] = []
        rows.reserveCapacity(moves.count)
        var versionGroup = LearnsetNameCodes.Last(), method = LearnsetNameCodes.Last(), move = LearnsetNameCodes.Last()
        for learned in moves {
            rows.append(
                CodedLearnsetRow(
                    versionGroup: try learnsetNames.id(of: learned.versionGroup, after: &versionGroup, in: database),
                    method: try learnsetNames.id(of: learned.method, after: &method, in: database),
                    move: try learnsetNames.id(of: learned.move, after: &move, in: database),
                    level: learned.level, order: learned.order))
        }
        // In the table's key order, each row lands after the one before: SQLite then appends
        // it where its cursor already is instead of searching the tree from its root.
        rows.sort { $0.key < $1.key }
        // Integers bound as they are, with no array of values built for each row.
        var values: [Int?] = []
        values.reserveCapacity(rows.count * 6)
        for row in rows {
            values.append(pokemonID)
            values.append(row.versionGroup)
            values.append(row.method)
            values.append(row.move)
            values.append(row.level)
            values.append(row.order)
        }
        try database.insert(
            "INSERT OR IGNORE INTO pokemon_move_coded (pokemon_id, version_group, method, move, level, sort_order) VALUES",
            integerRows: values, columns: 6)
        try database.run("DELETE FROM pokemon_move_rescan_pending WHERE pokemon_id = ?", [id])
    }

    /// Whether "which Pokémon learn this move" (`pokemon_move_by_move`) is to be built: it is
    /// missing while learnsets are stored. A first sync stores its learnsets without it
    /// (migration 0025) and builds it at its end; a sync stopped before that, or a database
    /// migrated past 0025 by another writer, gets it at the next writer's upkeep. An empty
    /// table gets none, so that a first sync of Pokémon still fills it without one.
    public var learnsetIndexIsDue: Bool {
        get throws {
            try database.queryFirst(
                """
                SELECT NOT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'pokemon_move_by_move')
                   AND EXISTS (SELECT 1 FROM pokemon_move_coded)
                """
            ) { $0.bool(0) } ?? false
        }
    }

    /// Builds `pokemon_move_by_move` when it is missing. Its sort spills to a temporary file
    /// (SQLite tries `SQLITE_TMPDIR`, `TMPDIR`, /var/tmp, /usr/tmp, /tmp, then the working
    /// directory): in memory (the writer's `temp_store`) a whole dex's held tens of megabytes.
    public func indexLearnsetsByMove() throws {
        // PRAGMA takes no parameters; the value is an integer SQLite itself reported.
        let previous = try database.queryFirst("PRAGMA temp_store") { $0.int(0) } ?? 0
        try database.execute("PRAGMA temp_store = FILE")
        do {
            try database.execute(
                "CREATE INDEX IF NOT EXISTS pokemon_move_by_move ON pokemon_move_coded (move, version_group, pokemon_id)"
            )
        } catch {
            try? database.execute("PRAGMA temp_store = \(previous)")
            throw error
        }
        try database.execute("PRAGMA temp_store = \(previous)")
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
        learnsetNames.reset()
        defer { learnsetNames.reset() }
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

/// A learnset row with its slugs coded.
private struct CodedLearnsetRow {
    let versionGroup: Int
    let method: Int
    let move: Int
    let level: Int
    let order: Int?
    /// `pokemon_move_coded`'s key order after its Pokémon, in one integer that compares
    /// faster than four: codes past 16 bits would only cost the order, since rows of one key
    /// still sort as one and Swift's sort, stable, keeps the body's first of them first.
    let key: UInt64

    init(versionGroup: Int, method: Int, move: Int, level: Int, order: Int?) {
        (self.versionGroup, self.method, self.move, self.level, self.order) = (versionGroup, method, move, level, order)
        let bits = { (code: Int) in UInt64(UInt16(truncatingIfNeeded: code)) }
        key = bits(versionGroup) << 48 | bits(method) << 32 | bits(move) << 16 | bits(level)
    }
}
