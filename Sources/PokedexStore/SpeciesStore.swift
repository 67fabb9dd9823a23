import SQLiteDatabase

/// The `pokemon_species` tables: what sync writes for `/pokemon-species/`.
public struct SpeciesStore: ResourceTablesStore {
    public typealias Downloaded = DownloadedResource<SpeciesDetails>
    public var tables: ResourceTables { PokeAPIResources.species.tables }
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Inside `beginPage`/`commitPage`, after its entry. A language, (language, version) or
    /// variety named twice keeps its last entry: an upsert, not `INSERT OR REPLACE`, which on
    /// these tables (foreign keys, indexes) opens a statement journal, a copy of each page the
    /// row changes, for every one of the species' 80,000 rows.
    public func saveDetails(_ downloaded: Downloaded) throws {
        let s = downloaded.fields
        let id = SQLValue.int(s.id)
        func bool(_ value: Bool?) -> SQLValue { value.map(SQLValue.bool) ?? .null }
        try database.run(
            """
            UPDATE pokemon_species SET sort_order = ?, generation = ?, generation_number = ?, is_legendary = ?,
                is_mythical = ?, is_baby = ?, color = ?, shape = ?, habitat = ?, capture_rate = ?,
                base_happiness = ?, gender_rate = ?, hatch_counter = ?, growth_rate = ?, evolves_from = ?,
                evolution_chain_id = ?, evolution_chain_url = ?
            WHERE id = ?
            """,
            [
                .int(s.order), .string(s.generation), .int(s.generationNumber), bool(s.isLegendary),
                bool(s.isMythical), bool(s.isBaby), .string(s.color), .string(s.shape), .string(s.habitat),
                .int(s.captureRate), .int(s.baseHappiness), .int(s.genderRate), .int(s.hatchCounter),
                .string(s.growthRate), .string(s.evolvesFrom), .int(s.evolutionChainID),
                .string(s.evolutionChainURL), id,
            ])
        for table in [
            "pokemon_species_name", "pokemon_species_flavor_text", "pokemon_species_egg_group",
            "pokemon_species_variety",
        ] {
            try database.run("DELETE FROM \(table) WHERE species_id = ?", [id])
        }
        try database.run(
            """
            INSERT INTO pokemon_species_name (species_id, language, name, genus, folded_name)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (species_id, language) DO UPDATE SET
                name = excluded.name, genus = excluded.genus, folded_name = excluded.folded_name
            """, rows: s.names.count
        ) { row in
            let name = s.names[row]
            return [id, .text(name.language), .string(name.name), .string(name.genus), .string(name.foldedName)]
        }
        try database.run(
            """
            INSERT INTO pokemon_species_flavor_text (species_id, language, version, position, text)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (species_id, language, version) DO UPDATE SET
                position = excluded.position, text = excluded.text
            """, rows: s.flavorTexts.count
        ) { row in
            let flavor = s.flavorTexts[row]
            return [id, .text(flavor.language), .text(flavor.version), .int(row + 1), .text(flavor.text)]
        }
        try database.run(
            "INSERT OR IGNORE INTO pokemon_species_egg_group (species_id, egg_group, position) VALUES (?, ?, ?)",
            rows: s.eggGroups.count
        ) { row in [id, .text(s.eggGroups[row]), .int(row + 1)] }
        try database.run(
            """
            INSERT INTO pokemon_species_variety (species_id, pokemon_name, pokemon_url, is_default)
            VALUES (?, ?, ?, ?)
            ON CONFLICT (species_id, pokemon_name) DO UPDATE SET
                pokemon_url = excluded.pokemon_url, is_default = excluded.is_default
            """, rows: s.varieties.count
        ) { row in
            let variety = s.varieties[row]
            return [id, .text(variety.pokemonName), .text(variety.pokemonURL), .bool(variety.isDefault)]
        }
        try tables.saveBody(database, id: s.id, body: downloaded.body, etag: downloaded.etag)
    }

    /// Folds the names stored without their folded form (before migration 0009), in one
    /// transaction. Nothing to do, the usual case, is one indexed read. Call under the writer lock.
    public func foldUnfoldedNames() throws {
        let unfolded = try database.query(
            "SELECT species_id, language, name FROM pokemon_species_name WHERE folded_name IS NULL AND name IS NOT NULL"
        ) { ($0.int(0), $0.text(1), $0.text(2)) }
        guard !unfolded.isEmpty else { return }
        try database.writeTransaction {
            for (species, language, name) in unfolded {
                try database.run(
                    "UPDATE pokemon_species_name SET folded_name = ? WHERE species_id = ? AND language = ?",
                    [.text(NameFolding.fold(name)), .int(species), .text(language)])
            }
        }
    }

    /// Cleans again, from each stored body, the flavor texts of the species migration 0013
    /// lists (stored before `FlavorTextCleaning` joined Chinese, Japanese and hyphenated line
    /// breaks), species by species in one transaction, and empties the list. Nothing to do,
    /// the usual case, is one read of an empty table. Call under the writer lock.
    public func recleanFlavorTexts() throws {
        let species = try database.query("SELECT species_id FROM pokemon_species_flavor_text_to_reclean") {
            $0.int(0)
        }
        guard !species.isEmpty else { return }
        try database.writeTransaction {
            for id in species {
                // In body order, so that a (language, version) named twice keeps its last text,
                // as the sync stores it.
                guard let body = try tables.body(database, id: id) else { continue }
                let texts = try database.query(
                    """
                    SELECT json_extract(entry.value, '$.language.name'),
                           coalesce(json_extract(entry.value, '$.version.name'), ''),
                           json_extract(entry.value, '$.flavor_text')
                    FROM json_each(CASE WHEN json_valid(?1) THEN ?1 ELSE '{}' END, '$.flavor_text_entries') AS entry
                    WHERE json_type(entry.value, '$.language.name') = 'text'
                      AND json_type(entry.value, '$.flavor_text') = 'text'
                    ORDER BY entry.key
                    """, [.utf8(body[...])]
                ) { ($0.text(0), $0.text(1), $0.text(2)) }
                for (language, version, text) in texts {
                    try database.run(
                        "UPDATE pokemon_species_flavor_text SET text = ? WHERE species_id = ? AND language = ? AND version = ?",
                        [.text(FlavorTextCleaning.clean(text)), .int(id), .text(language), .text(version)])
                }
            }
            try database.run("DELETE FROM pokemon_species_flavor_text_to_reclean")
        }
    }
}
