import SQLiteDatabase
import TextUtilities

/// `move`: a move's typed row (`move`, migration 0022), its texts and machines, and who learns it.
extension PokedexEntryQueries {
    /// The move `slug` with its learners in `versionGroup`, or, when nil, in the newest group
    /// (by the games' order) a stored Pokémon learns it in by level where one does (a group
    /// teaching it otherwise only is a side game, as for learnsets).
    public func moveEntry(slug: String, versionGroup: String?) throws -> MoveEntry {
        try database.readTransaction {
            let id = try database.queryFirst(
                "SELECT id FROM pokeapi_resource WHERE kind = 'move' AND name = ?", [.text(slug)], row: { $0.int(0) })
            let row = try database.queryFirst(
                """
                SELECT type, damage_class, power, accuracy, pp, priority, target, effect_chance, generation
                FROM move WHERE id = ?
                """, [.int(id)]
            ) { row in
                (
                    type: row.optionalText(0), damageClass: row.optionalText(1), power: row.optionalInt(2),
                    accuracy: row.optionalInt(3), pp: row.optionalInt(4), priority: row.optionalInt(5),
                    target: row.optionalText(6), effectChance: row.optionalInt(7), generation: row.optionalText(8)
                )
            }
            let group =
                try versionGroup
                ?? database.queryFirst(
                    // Grouped on the coded table, names joined after: through the view, the
                    // 3,620 rows of a move taught everywhere were joined three times each first.
                    """
                    SELECT n.name FROM (
                        SELECT c.version_group AS id,
                               max(c.method = (SELECT id FROM learnset_name WHERE name = 'level-up')) AS by_level
                        FROM pokemon_move_coded AS c WHERE c.move = (SELECT id FROM learnset_name WHERE name = ?)
                        GROUP BY c.version_group) AS x
                    JOIN learnset_name AS n ON n.id = x.id LEFT JOIN version_group AS g ON g.name = n.name
                    ORDER BY x.by_level DESC, g.sort_order DESC, n.name DESC LIMIT 1
                    """, [.text(slug)]
                ) { $0.text(0) }
            let effect = try effect(kind: "move", id: id)
            let typeNames = try typeDisplayNames()
            let machines = try machines(of: slug, in: versionGroup)
            return MoveEntry(
                name: slug, displayName: try storedName(kind: "move", slug: slug) ?? SlugText.readable(slug),
                type: row?.type.map { NamedType(name: $0, displayName: Self.typeDisplayName($0, typeNames)) },
                damageClass: row?.damageClass,
                damageClassName: try row?.damageClass.flatMap { try storedName(kind: "move-damage-class", slug: $0) },
                power: row?.power, accuracy: row?.accuracy, pp: row?.pp, priority: row?.priority, target: row?.target,
                targetName: try row?.target.flatMap { try storedName(kind: "move-target", slug: $0) },
                effectChance: row?.effectChance,
                generation: row?.generation, shortEffect: effect?.0, effect: effect?.1,
                gameText: try gameText(kind: "move", id: id, versionGroup: group),
                machines: machines.own, machineGames: machines.games, itemsTeachingOtherMoves: machines.elsewhere,
                versionGroup: group,
                groupName: try group.map(versionGroupDisplayName),
                learners: try group.map { try learners(of: slug, in: $0, typeNames: typeNames) } ?? [],
                groupHasLearnsets: try group.map(hasLearnsets) ?? false,
                methodNames: try learnMethodNames())
        }
    }

    /// A move's or an item's effect (short, long) in the display language, else English.
    func effect(kind: String, id: Int?) throws -> (String?, String?)? {
        try database.queryFirst(
            """
            SELECT short_effect, effect FROM pokeapi_effect WHERE kind = ?1 AND id = ?2
            ORDER BY language = ?3 COLLATE NOCASE DESC, language = 'en' DESC LIMIT 1
            """, [.text(kind), .int(id), .text(language)]
        ) { ($0.optionalText(0), $0.optionalText(1)) }
    }

    /// A move's, an item's or an ability's text in the display language, else in its other
    /// script (``otherScript(of:)``), else English: of `versionGroup` where it has one, else of
    /// the newest group.
    func gameText(kind: String, id: Int?, versionGroup: String?) throws -> MoveEntry.GameText? {
        let found = try database.queryFirst(
            """
            SELECT f.text, f.version_group FROM pokeapi_flavor_text AS f
            LEFT JOIN version_group AS g ON g.name = f.version_group
            WHERE f.kind = ?1 AND f.id = ?2
              AND (f.language = ?3 COLLATE NOCASE OR f.language IN (\(Self.otherScript(of: "?3")), 'en'))
            ORDER BY f.language = ?3 COLLATE NOCASE DESC, f.language = \(Self.otherScript(of: "?3")) DESC,
                     f.version_group = ?4 DESC, g.sort_order DESC LIMIT 1
            """, [.text(kind), .int(id), .text(language), .string(versionGroup)]
        ) { ($0.text(0), $0.text(1)) }
        return try found.map {
            MoveEntry.GameText(text: $0.0, versionGroup: $0.1, groupName: try versionGroupDisplayName($0.1))
        }
    }

    /// Whether any learnset of `versionGroup` is stored: its slug is coded once one is
    /// (`learnset_name`, migration 0023), a lookup where the learnsets would be scanned.
    public func hasLearnsets(_ versionGroup: String) throws -> Bool {
        try database.queryFirst(
            "SELECT EXISTS (SELECT 1 FROM learnset_name WHERE name = ?)", [.text(versionGroup)]
        ) { $0.bool(0) } ?? false
    }

    /// The machines of the items teaching `move` somewhere, in the games' order (`versionGroup`'s
    /// only when given): its own, the games those items are in, and by game the items that teach
    /// another move there. One scan of the table's few thousand rows for the three.
    private func machines(of move: String, in versionGroup: String?) throws
        -> (own: [MoveEntry.Machine], games: [GameGroup], elsewhere: [String: Set<String>])
    {
        let rows = try database.query(
            """
            SELECT m.version_group, m.item, m.move IS ?1 FROM machine AS m
            LEFT JOIN version_group AS g ON g.name = m.version_group
            WHERE m.item IN (SELECT item FROM machine WHERE move = ?1) AND m.version_group IS NOT NULL
              AND (?2 IS NULL OR m.version_group = ?2)
            ORDER BY g.sort_order IS NULL, g.sort_order, m.version_group
            """, [.text(move), .string(versionGroup)]
        ) { ($0.text(0), $0.text(1), $0.bool(2)) }
        let groupNames = try versionGroupDisplayNames()
        var own: [MoveEntry.Machine] = []
        var games: [GameGroup] = []
        var elsewhere: [String: Set<String>] = [:]
        for (group, item, teachesMove) in rows {
            if games.last?.versionGroup != group {
                games.append(GameGroup(versionGroup: group, groupName: groupNames(group)))
            }
            if teachesMove {
                own.append(
                    MoveEntry.Machine(
                        versionGroup: group, groupName: groupNames(group), item: item,
                        itemName: try storedName(kind: "item", slug: item) ?? item.uppercased()))
            } else {
                elsewhere[group, default: []].insert(item)
            }
        }
        return (own, games, elsewhere)
    }

    private func learners(of move: String, in group: String, typeNames: [String: String]) throws
        -> [MoveEntry.Learner]
    {
        try database.query(
            """
            SELECT \(Self.listedColumns), m.method, m.level
            FROM pokemon_move AS m JOIN pokemon AS p ON p.id = m.pokemon_id
            LEFT JOIN pokemon_species AS s ON s.name = p.species_name
            WHERE m.move_name = ?1 AND m.version_group = ?3
            ORDER BY m.method <> 'level-up', m.method, m.level, p.id
            """, [.text(move), .text(language), .text(group)]
        ) { row in
            MoveEntry.Learner(
                pokemon: listed(row, typeNames), method: row.text(Self.listedColumnCount),
                level: row.int(Self.listedColumnCount + 1))
        }
    }
}
