import LocalDatabase
import SQLiteDatabase
import TextUtilities

/// `location`: a place's typed rows (`location`, `location_area`, `encounter`, migration 0022).
extension PokedexEntryQueries {
    /// The place `slug`, its areas, and what is met in each in `versionGroup`'s games, else in
    /// the newest game anything is met there in (as `show` picks a Pokémon's): merged over every
    /// game, levels and chances of different games would read as one.
    public func locationEntry(slug: String, versionGroup: String?) throws -> LocationEntry {
        try database.readTransaction {
            let region =
                try database.queryFirst("SELECT region FROM location WHERE name = ?", [.text(slug)]) {
                    $0.optionalText(0)
                } ?? nil
            let areas = try database.query(
                "SELECT name FROM location_area WHERE location = ? AND name IS NOT NULL ORDER BY id", [.text(slug)]
            ) { $0.text(0) }
            // Newest first, in the order of `pokemon_newest_encounters` (migration 0024).
            let games = try database.query(
                """
                SELECT v.version_group FROM encounter AS e
                JOIN location_area AS a ON a.name = e.location_area JOIN version AS v ON v.name = e.version
                LEFT JOIN version_group AS g ON g.name = v.version_group
                WHERE a.location = ? AND v.version_group IS NOT NULL
                GROUP BY v.version_group ORDER BY max(g.sort_order) DESC, v.version_group DESC
                """, [.text(slug)]
            ) { $0.text(0) }
            let group = versionGroup ?? games.first
            let named = try versionGroupDisplayNames()
            let log = SyncRunLog(database: database)
            // The last whole run of each, however it ended: one that failed since may have left
            // out what places stored later have.
            func syncedWhole(_ resource: PokeAPIResource) throws -> Bool {
                try log.latest(
                    .pokeAPI(resource.kind), outcomes: [.succeeded, .failed, .interrupted, .abandoned], covering: .whole
                )?.outcome == .succeeded
            }
            var entry = LocationEntry(
                name: slug, displayName: try storedName(kind: "location", slug: slug) ?? SlugText.readable(slug),
                region: region, regionName: try region.flatMap { try storedName(kind: "region", slug: $0) },
                versionGroup: group, groupName: group.map(named),
                games: games.map { LocationEntry.Game(name: $0, displayName: named($0)) },
                areas: try areas.map { area in
                    LocationEntry.Area(
                        name: area, displayName: try areaName(area),
                        appearances: try appearances(in: area, versionGroup: group))
                })
            entry.allAreasStored = try syncedWhole(PokeAPIResources.locationArea)
            entry.allEncountersStored = try syncedWhole(PokeAPIResources.encounters)
            return entry
        }
    }

    /// What is met in `area`, the likeliest first; in a game's view with each version's part,
    /// and the chance of the likeliest version, else the best slot's of any game.
    private func appearances(in area: String, versionGroup: String?) throws -> [LocationEntry.Appearance] {
        let parts = try versionGroup.map {
            try versionEncounters(by: "pokemon_id", where: "location_area", is: .text(area), versionGroup: $0)
        }
        let byVersion = parts?.byKey
        let groupVersions = parts?.groupVersions ?? 0
        var appearances = try database.query(
            """
            SELECT p.name, \(Self.localized("pokemon_species_name", "species_id", "name", id: "s.id")),
                   group_concat(DISTINCT e.method), min(e.min_level), max(e.max_level), max(e.chance),
                   group_concat(DISTINCT e.version), p.id, p.species_name
            FROM encounter AS e JOIN pokemon AS p ON p.id = e.pokemon_id
            LEFT JOIN pokemon_species AS s ON s.name = p.species_name
            LEFT JOIN version AS v ON v.name = e.version
            WHERE e.location_area = ?1 AND (?3 IS NULL OR v.version_group = ?3)
            GROUP BY p.id ORDER BY p.id
            """, [.text(area), .text(language), .string(versionGroup)]
        ) { row in
            let versions = byVersion?[row.text(7)] ?? []
            return LocationEntry.Appearance(
                pokemon: row.text(0), displayName: row.optionalText(1) ?? SlugText.readable(row.text(0)),
                form: PokemonForm.suffix(pokemon: row.text(0), species: row.optionalText(8)),
                methods: row.text(2).split(separator: ",").map(String.init), minLevel: row.optionalInt(3),
                maxLevel: row.optionalInt(4),
                chance: byVersion == nil ? row.optionalInt(5) : versions.compactMap(\.chance).max(),
                times: VersionEncounter.sharedTimes(versions),
                versions: row.text(6).split(separator: ",").map(String.init), byVersion: versions,
                differsByVersion: VersionEncounter.differ(versions, groupVersions: groupVersions))
        }
        // A form by its own name, as `list` names it: Galar's Zigzagoon is met where Hoenn's is not.
        for index in appearances.indices where appearances[index].form != nil {
            let appearance = appearances[index]
            if let name = try listedFormName(pokemon: appearance.pokemon, speciesName: appearance.displayName) {
                appearances[index].displayName = name
                appearances[index].form = nil
            }
        }
        // Stable: equally likely ones keep the Pokémon's order.
        return appearances.enumerated().sorted {
            ($1.element.chance ?? -1, $0.offset) < ($0.element.chance ?? -1, $1.offset)
        }
        .map(\.element)
    }
}
