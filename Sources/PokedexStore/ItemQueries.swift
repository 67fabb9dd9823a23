import SQLiteDatabase
import TextUtilities

/// `item`: an item's typed row (`item`, migration 0022), its texts, holders and evolutions.
extension PokedexEntryQueries {
    public func itemEntry(slug: String, versionGroup: String?) throws -> ItemEntry {
        try database.readTransaction {
            let id = try database.queryFirst(
                "SELECT id FROM pokeapi_resource WHERE kind = 'item' AND name = ?", [.text(slug)], row: { $0.int(0) })
            let row = try database.queryFirst(
                "SELECT category, cost, fling_power, fling_effect FROM item WHERE id = ?", [.int(id)]
            ) { ($0.optionalText(0), $0.optionalInt(1), $0.optionalInt(2), $0.optionalText(3)) }
            let effect = try effect(kind: "item", id: id)
            let holders = try database.query(
                """
                SELECT h.pokemon, h.version, h.rarity, p.species_name,
                       \(Self.localized("pokemon_species_name", "species_id", "name", id: "s.id")),
                       coalesce(v.version_group, h.version)
                FROM item_holder AS h LEFT JOIN pokemon AS p ON p.name = h.pokemon
                LEFT JOIN pokemon_species AS s ON s.name = p.species_name
                LEFT JOIN version AS v ON v.name = h.version
                WHERE h.item_id = ?1 AND (?3 IS NULL OR v.version_group = ?3)
                ORDER BY coalesce(p.id, 1e9), h.pokemon, v.id
                """, [.int(id), .text(language), .string(versionGroup)]
            ) { row in
                ItemEntry.Holder(
                    pokemon: row.text(0), displayName: row.optionalText(4) ?? SlugText.readable(row.text(0)),
                    form: PokemonForm.suffix(pokemon: row.text(0), species: row.optionalText(3)), version: row.text(1),
                    versionGroup: row.text(5), rarity: row.optionalInt(2))
            }.namedByForm { try listedFormName(pokemon: $0, speciesName: $1) }
            let prices = try database.query(
                """
                SELECT p.version_group, p.purchase_price, p.sell_price
                FROM item_price AS p LEFT JOIN version_group AS g ON g.name = p.version_group
                WHERE p.item_id = ?1 AND (?2 IS NULL OR p.version_group = ?2)
                ORDER BY g.sort_order IS NULL, g.sort_order, p.version_group
                """, [.int(id), .string(versionGroup)]
            ) { row in
                ItemEntry.Price(versionGroup: row.text(0), purchase: row.optionalInt(1), sell: row.optionalInt(2))
            }
            let groupNames = try versionGroupDisplayNames()
            let pricedGames = try database.query(
                """
                SELECT p.version_group FROM item_price AS p LEFT JOIN version_group AS g ON g.name = p.version_group
                WHERE ?1 IS NULL OR p.version_group = ?1
                GROUP BY p.version_group ORDER BY min(g.sort_order) IS NULL, min(g.sort_order), p.version_group
                """, [.string(versionGroup)]
            ) { GameGroup(versionGroup: $0.text(0), groupName: groupNames($0.text(0))) }
            let heldGames = try database.query(
                """
                SELECT game FROM (
                    SELECT coalesce(v.version_group, h.version) AS game, min(v.id) AS first_version
                    FROM (SELECT DISTINCT version FROM item_holder WHERE item_id = ?2) AS h
                    LEFT JOIN version AS v ON v.name = h.version
                    WHERE ?1 IS NULL OR v.version_group = ?1 GROUP BY game)
                -- Groups joined once each, not once per holder: version_group has no index by name.
                LEFT JOIN version_group AS g ON g.name = game
                ORDER BY g.sort_order IS NULL, g.sort_order, first_version IS NULL, first_version, game
                """, [.string(versionGroup), .int(id)]
            ) { GameGroup(versionGroup: $0.text(0), groupName: groupNames($0.text(0))) }
            // Each chain once: one joined with a chain it continues (Meltan's) may hold the next species.
            var evolutionChains: [EvolutionChain] = []
            for species in try database.query(
                """
                SELECT m.species_name FROM evolution_step AS e
                JOIN evolution_chain_member AS m ON m.chain_id = e.chain_id AND m.position = e.member_position
                LEFT JOIN pokemon_species AS s ON s.name = m.species_name
                WHERE e.item = ?1 OR e.held_item = ?1 GROUP BY e.chain_id ORDER BY min(coalesce(s.id, 1e9)), e.chain_id
                """, [.text(slug)], row: { $0.text(0) })
            where !evolutionChains.contains(where: { $0.members.contains { $0.speciesName == species } }) {
                if let chain = try evolutionChain(speciesName: species) { evolutionChains.append(chain) }
            }
            var entry = ItemEntry(
                name: slug, displayName: try storedName(kind: "item", slug: slug) ?? SlugText.readable(slug),
                category: row?.0, categoryName: try row?.0.flatMap { try storedName(kind: "item-category", slug: $0) },
                cost: row?.1, prices: prices, pricedGames: pricedGames, flingPower: row?.2, flingEffect: row?.3,
                shortEffect: effect?.0,
                effect: effect?.1,
                gameText: try gameText(kind: "item", id: id, versionGroup: versionGroup), holders: holders,
                evolutionChains: evolutionChains, teaches: try movesTaught(by: slug, in: versionGroup))
            entry.heldGames = heldGames
            return entry
        }
    }

    /// The moves the machine item `slug` teaches, by game in the games' order.
    private func movesTaught(by slug: String, in versionGroup: String?) throws -> [ItemEntry.TaughtMove] {
        let rows = try database.query(
            """
            SELECT m.version_group, m.move FROM machine AS m LEFT JOIN version_group AS g ON g.name = m.version_group
            WHERE m.item = ?1 AND m.move IS NOT NULL AND m.version_group IS NOT NULL
              AND (?2 IS NULL OR m.version_group = ?2)
            ORDER BY g.sort_order IS NULL, g.sort_order, m.version_group
            """, [.text(slug), .string(versionGroup)]
        ) { ($0.text(0), $0.text(1)) }
        guard !rows.isEmpty else { return [] }
        let groupNames = try versionGroupDisplayNames()
        let moveNames = try displayNames(kind: "move")
        return rows.map { group, move in
            ItemEntry.TaughtMove(
                versionGroup: group, groupName: groupNames(group), move: move,
                moveName: moveNames[move] ?? SlugText.readable(move))
        }
    }
}
