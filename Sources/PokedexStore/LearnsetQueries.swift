import SQLiteDatabase
import TextUtilities

/// The learnsets read back: a Pokémon's moves in one version group, the Pokémon that learn a
/// move, and move and game names as typed.
extension PokedexEntryQueries {
    /// The Pokémon's learnset in `versionGroup`, or, when nil, in the newest version group it
    /// learns moves by level in (`pokemon_newest_learnset`, migration 0024): level-up moves by
    /// level first, then the other methods, each by move name. nil: no moves stored.
    public func learnset(pokemonID: Int, versionGroup: String?) throws -> Learnset? {
        let group =
            try versionGroup
            ?? database.queryFirst(
                "SELECT version_group FROM pokemon_newest_learnset WHERE pokemon_id = ?", [.int(pokemonID)]
            ) { $0.optionalText(0) } ?? nil
        guard let group else { return nil }
        var moveNames: [String: String] = [:]
        let moves = try database.query(
            """
            SELECT move_name, method, level, \(Self.storedName(kind: "'move'", slug: "move_name", language: "?3"))
            FROM pokemon_move WHERE pokemon_id = ?1 AND version_group = ?2
            ORDER BY method <> 'level-up', method, level, sort_order, move_name
            """, [.int(pokemonID), .text(group), .text(language)]
        ) { row in
            if let name = row.optionalText(3) { moveNames[row.text(0)] = name }
            return LearnedMove(
                move: row.text(0), versionGroup: group, method: row.text(1), level: row.int(2), order: nil)
        }
        var learnset = Learnset(
            versionGroup: group, moves: moves, groupName: try versionGroupDisplayName(group), moveNames: moveNames,
            methodNames: try learnMethodNames())
        // A partial sync's few Pokémon say nothing of what PokeAPI has for everyone.
        if moves.isEmpty, try partialSyncScope() == nil {
            learnset.groupHasMoves =
                try database.queryFirst(
                    "SELECT EXISTS (SELECT 1 FROM pokemon_move WHERE version_group = ?)", [.text(group)]
                ) { $0.bool(0) } ?? false
        }
        return learnset
    }

    /// Each stored way of learning a move (`move-learn-method`) by its name in the display
    /// language, else English: "Stadium: Surfing Pikachu" for `stadium-surfing-pikachu`.
    public func learnMethodNames() throws -> [String: String] {
        let pairs = try database.query(
            """
            SELECT m.name, \(Self.storedName(kind: "'move-learn-method'", slug: "m.name", language: "?1"))
            FROM pokeapi_resource AS m WHERE m.kind = 'move-learn-method' AND m.name IS NOT NULL
            """, [.text(language)]
        ) { row in row.optionalText(1).map { (row.text(0), $0) } }
        return Dictionary(pairs.compactMap { $0 }, uniquingKeysWith: { first, _ in first })
    }

    /// The move slug `text` names: a stored move by id, slug or name in any language, or a
    /// move some stored Pokémon learns, typed as its slug or its English name (`Thunderbolt`,
    /// `king's shield`); nil for none.
    public func moveSlug(_ text: String) throws -> String? {
        if let slug = try resourceSlug(text, kind: "move") { return slug }
        return try database.queryFirst(
            "SELECT move_name FROM pokemon_move WHERE move_name = ? LIMIT 1", [.text(Self.slug(text))]
        ) { $0.text(0) }
    }

    /// The version group slug `text` names: a group (`red-blue`, `Scarlet Violet`), a version
    /// in any language, whose group it is (`Rot`, `赤`, `scarlet`), or a group as entries name
    /// it in the display language (`Red/Blue`, `Blue (blue-japan)`); nil for none.
    public func versionGroupSlug(_ text: String) throws -> String? {
        let slug = Self.slug(text)
        if let group = try database.queryFirst(
            "SELECT name FROM version_group WHERE name = ?1 UNION ALL "
                + "SELECT version_group FROM pokemon_move WHERE version_group = ?1 LIMIT 1", [.text(slug)],
            row: { $0.text(0) })
        {
            return group
        }
        if let version = try resourceSlug(text, kind: "version") {
            return try database.queryFirst("SELECT version_group FROM version WHERE name = ?", [.text(version)]) {
                $0.optionalText(0)
            } ?? nil
        }
        // As `show` and `location` name a game: `Red/Blue`, `Rot/Blau`, `Blue (blue-japan)`.
        let folded = NameFolding.fold(text)
        return Self.groupNames(try versionNames()).sorted { $0.key < $1.key }
            .first { NameFolding.fold($0.value) == folded }?.key
    }

    /// A version group as players know it: its versions' names in the display language joined
    /// (`Scarlet/Violet`), else its slug made readable.
    public func versionGroupDisplayName(_ slug: String) throws -> String {
        try versionGroupDisplayNames()(slug)
    }

    /// ``versionGroupDisplayName(_:)`` for any group, from one read of every stored group's.
    /// A group named as another group's version is (Japan's Blue, `blue-japan`, and the Blue of
    /// `red-blue`) says its slug too, `Blue (blue-japan)`, which `--game` takes.
    public func versionGroupDisplayNames() throws -> (_ slug: String) -> String {
        let names = Self.groupNames(try versionNames())
        return { names[$0] ?? SlugText.readable($0) }
    }

    /// Each group of `versions` by its versions' names joined, with its slug where that is
    /// another group's version's name.
    private static func groupNames(_ versions: [(version: String, group: String, name: String)]) -> [String: String] {
        var names = Dictionary(grouping: versions, by: \.group).mapValues { VersionGroupName.joined($0.map(\.name)) }
        for (group, name) in names where versions.contains(where: { $0.group != group && $0.name == name }) {
            names[group] = "\(name) (\(group))"
        }
        return names
    }

    /// Every stored version with its group, by its name in the display language, else its
    /// language's other script's, else English, else its slug; in the versions' order.
    func versionNames() throws -> [(version: String, group: String, name: String)] {
        try database.query(
            """
            SELECT name, version_group, coalesce(
                (SELECT name FROM pokeapi_name WHERE kind = 'version' AND id = version.id AND language = ?1 COLLATE NOCASE),
                (SELECT name FROM pokeapi_name WHERE kind = 'version' AND id = version.id
                    AND language = \(Self.otherScript(of: "?1"))),
                (SELECT name FROM pokeapi_name WHERE kind = 'version' AND id = version.id AND language = 'en'),
                name)
            FROM version WHERE name IS NOT NULL AND version_group IS NOT NULL ORDER BY id
            """, [.text(language)]
        ) { ($0.text(0), $0.text(1), $0.text(2)) }
    }

    /// Names "did you mean" offers for an unknown move.
    public func moveSuggestions(for text: String) throws -> [String] {
        let stored = try resourceSuggestions(for: text, kind: "move")
        guard stored.isEmpty else { return stored }
        let slugs = try database.query("SELECT DISTINCT move_name FROM pokemon_move") { $0.text(0) }
        return suggestions(for: text, slugs: slugs, names: [], shownAs: { $0 })
    }

    /// Names "did you mean" offers for an unknown version group.
    public func versionGroupSuggestions(for text: String) throws -> [String] {
        let slugs = try database.query(
            "SELECT name FROM version_group UNION SELECT version_group FROM pokemon_move UNION SELECT name FROM version"
        ) { $0.text(0) }
        return suggestions(for: text, slugs: slugs, names: [], shownAs: { $0 })
    }

    /// PokeAPI's slug for an English name: lower case, apostrophes and dots dropped, words joined by hyphens.
    static func slug(_ text: String) -> String {
        let kept = text.lowercased().filter { !"'’.".contains($0) }
        return kept.split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "-" }).joined(separator: "-")
    }
}
