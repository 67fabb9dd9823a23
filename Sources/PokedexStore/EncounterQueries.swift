import SQLiteDatabase
import TextUtilities

/// The wild encounters read back (`encounter`, migration 0022): where a Pokémon is met, and
/// what is met in a place.
extension PokedexEntryQueries {
    /// Where the Pokémon is met in `versionGroup`, or, when nil, in the newest group it is met
    /// in (`pokemon_newest_encounters`, migration 0024); nil when no encounter of it is stored,
    /// but for `versionGroup` when its stored encounters are none.
    public func whereFound(pokemonID: Int, versionGroup: String?) throws -> WhereFound? {
        let encounters = try database.query(
            """
            SELECT location_area, version, method, min_level, max_level, chance, conditions
            FROM encounter WHERE pokemon_id = ? ORDER BY rowid
            """, [.int(pokemonID)]
        ) { row in
            WildEncounter(
                locationArea: row.text(0), version: row.text(1), method: row.text(2), minLevel: row.optionalInt(3),
                maxLevel: row.optionalInt(4), chance: row.optionalInt(5),
                conditions: row.text(6).split(separator: ",").map(String.init))
        }
        // Met nowhere: said for a game asked for, once its encounters (an empty list) are stored.
        guard try !encounters.isEmpty || versionGroup != nil && encountersStored(pokemonID: pokemonID) else {
            return nil
        }
        let group =
            try versionGroup
            ?? database.queryFirst(
                "SELECT version_group FROM pokemon_newest_encounters WHERE pokemon_id = ?", [.int(pokemonID)]
            ) { $0.optionalText(0) } ?? nil
        guard let group else { return nil }
        let places = try database.query(
            """
            SELECT e.location_area, group_concat(DISTINCT e.method), min(e.min_level), max(e.max_level)
            FROM encounter AS e JOIN version AS v ON v.name = e.version
            WHERE e.pokemon_id = ? AND v.version_group = ?
            GROUP BY e.location_area ORDER BY min(e.rowid)
            """, [.int(pokemonID), .text(group)]
        ) { row in
            (
                area: row.text(0), methods: row.text(1).split(separator: ",").map(String.init),
                minLevel: row.optionalInt(2), maxLevel: row.optionalInt(3)
            )
        }
        let (byVersion, groupVersions) = try versionEncounters(
            by: "location_area", where: "pokemon_id", is: .int(pokemonID), versionGroup: group)
        var found = WhereFound(
            versionGroup: group, groupName: try versionGroupDisplayName(group),
            places: try places.map { place in
                let versions = byVersion[place.area] ?? []
                return EncounterPlace(
                    area: place.area, displayName: try areaName(place.area), methods: place.methods,
                    minLevel: place.minLevel, maxLevel: place.maxLevel, chance: versions.compactMap(\.chance).max(),
                    times: VersionEncounter.sharedTimes(versions), versions: versions,
                    differsByVersion: VersionEncounter.differ(versions, groupVersions: groupVersions))
            },
            encounters: encounters)
        // A partial sync's few Pokémon say nothing of what PokeAPI has for everyone.
        if places.isEmpty, try partialSyncScope() == nil {
            found.groupHasEncounters =
                try database.queryFirst(
                    """
                    SELECT EXISTS (
                        SELECT 1 FROM encounter AS e JOIN version AS v ON v.name = e.version WHERE v.version_group = ?)
                    """, [.text(group)]
                ) { $0.bool(0) } ?? false
        }
        return found
    }

    /// Whether the Pokémon's encounters were synced, though they may be none.
    private func encountersStored(pokemonID: Int) throws -> Bool {
        try database.queryFirst(
            "SELECT EXISTS (SELECT 1 FROM pokeapi_resource_json WHERE kind = 'pokemon-encounters' AND id = ?)",
            [.int(pokemonID)]
        ) { $0.bool(0) } ?? false
    }

    /// A location area as people name it: its own name in the display language where it has
    /// one (`Solaceon Ruins (2F)`); else, where its English name is its location's with more
    /// after it (or nothing: an area named "" is the location's only one), the location's name
    /// in the display language with that rest (PokeAPI names 704 of 1,533 areas in English
    /// alone, `Fields of Honor`, whose location is `Grußgefilde` in German); else its English
    /// name, its location's, or its slug made readable.
    public func areaName(_ slug: String) throws -> String {
        if let name = try storedName(kind: "location-area", slug: slug, orEnglish: false) { return name }
        let english = try englishName(kind: "location-area", slug: slug)
        let location = try database.queryFirst("SELECT location FROM location_area WHERE name = ?", [.text(slug)]) {
            $0.optionalText(0)
        }
        if let location = location ?? nil, let name = try storedName(kind: "location", slug: location) {
            let locationEnglish = try englishName(kind: "location", slug: location) ?? ""
            guard let english else { return name }
            if !locationEnglish.isEmpty, english.hasPrefix(locationEnglish) {
                return name + english.dropFirst(locationEnglish.count)
            }
        }
        return english ?? SlugText.readable(slug)
    }

    /// The resource's English name, nil where it has none (or "").
    private func englishName(kind: String, slug: String) throws -> String? {
        try database.queryFirst(
            "SELECT \(Self.storedName(kind: "?1", slug: "?2", language: "'en'", orEnglish: false))",
            [.text(kind), .text(slug)]
        ) { $0.optionalText(0) } ?? nil
    }
}
