import SQLiteDatabase

/// One version's part of where a Pokémon is met: its ways, its levels, and the chance that one
/// encounter there is this Pokémon — its slots' chances summed (Blue's Caterpie: 20 + 15 + 10),
/// under the best of its methods and conditions, since a morning's slots and a night's are
/// never met together.
public struct VersionEncounter: Sendable, Equatable {
    public let version: String
    public let versionName: String
    public let methods: [String]
    public let minLevel: Int?
    public let maxLevel: Int?
    public let chance: Int?

    /// Whether the two read the same in a summary: everything but the version.
    public func meets(like other: VersionEncounter) -> Bool {
        (methods, minLevel, maxLevel, chance) == (other.methods, other.minLevel, other.maxLevel, other.chance)
    }

    /// Whether `versions` of a group of `groupVersions` tell apart: a version lacks it, or two
    /// differ in a way, a level or the chance (Red's Caterpie, Lv 3 at 5%, and Blue's).
    static func differ(_ versions: [VersionEncounter], groupVersions: Int) -> Bool {
        guard let first = versions.first else { return false }
        return versions.count < groupVersions || versions.contains { !$0.meets(like: first) }
    }
}

extension PokedexEntryQueries {
    /// Each version's part of the encounters whose `column` is `value` in `versionGroup`'s
    /// games, by `key` (`location_area` or `pokemon_id`, read as text), versions in their order.
    /// The columns are this file's callers' literals; every value is bound.
    func versionEncounters(by key: String, where column: String, is value: SQLValue, versionGroup: String)
        throws -> [String: [VersionEncounter]]
    {
        let names = Dictionary(
            try versionNames().map { ($0.version, $0.name) }, uniquingKeysWith: { first, _ in first })
        let rows = try database.query(
            """
            WITH slot AS (
                SELECT e.\(key) AS key, e.version AS version, e.method AS method, min(e.min_level) AS low,
                       max(e.max_level) AS high, sum(e.chance) AS chance
                FROM encounter AS e JOIN version AS v ON v.name = e.version
                WHERE e.\(column) = ?1 AND v.version_group = ?2
                GROUP BY e.\(key), e.version, e.method, e.conditions)
            SELECT s.key, s.version, group_concat(DISTINCT s.method), min(s.low), max(s.high), max(s.chance)
            FROM slot AS s JOIN version AS v ON v.name = s.version
            GROUP BY s.key, s.version ORDER BY s.key, v.id
            """, [value, .text(versionGroup)]
        ) { row in
            (
                key: row.text(0),
                VersionEncounter(
                    version: row.text(1), versionName: names[row.text(1)] ?? row.text(1),
                    methods: row.text(2).split(separator: ",").map(String.init).sorted(),
                    minLevel: row.optionalInt(3), maxLevel: row.optionalInt(4), chance: row.optionalInt(5))
            )
        }
        return Dictionary(grouping: rows, by: \.key).mapValues { $0.map(\.1) }
    }

    /// How many versions `versionGroup` has stored.
    func versionCount(of versionGroup: String) throws -> Int {
        try database.queryFirst("SELECT count(*) FROM version WHERE version_group = ?", [.text(versionGroup)]) {
            $0.int(0)
        } ?? 0
    }
}
