import SQLiteDatabase

/// One version's part of where a Pokémon is met: its ways, its levels, and the chance that one
/// encounter there is this Pokémon — its slots' chances summed (Blue's Caterpie: 20 + 15 + 10),
/// under the likeliest of its methods and conditions (a night's slots with those of no
/// condition, never with a morning's), at most 100%.
public struct VersionEncounter: Sendable, Equatable {
    public let version: String
    public let versionName: String
    public let methods: [String]
    public let minLevel: Int?
    public let maxLevel: Int?
    public let chance: Int?
    /// The time of day every encounter of a method shares, by method, as the display language
    /// names it ("walk" → "At night"): Hoothoot on Route 29 is met only at night.
    public var times: [String: String] = [:]

    /// Whether the two read the same in a summary: everything but the version.
    public func meets(like other: VersionEncounter) -> Bool {
        (methods, minLevel, maxLevel, chance, times)
            == (other.methods, other.minLevel, other.maxLevel, other.chance, other.times)
    }

    /// The times of `versions` that every one with the method shares: a place's, over its
    /// versions.
    public static func sharedTimes(_ versions: [VersionEncounter]) -> [String: String] {
        guard let first = versions.first else { return [:] }
        return first.times.filter { method, time in
            versions.allSatisfy { !$0.methods.contains(method) || $0.times[method] == time }
        }
    }

    /// Whether `versions` of a group of `groupVersions` tell apart: a version lacks it, or two
    /// differ in a way, a level or the chance (Red's Caterpie, Lv 3 at 5%, and Blue's).
    static func differ(_ versions: [VersionEncounter], groupVersions: Int) -> Bool {
        guard let first = versions.first else { return false }
        return versions.count < groupVersions || versions.contains { !$0.meets(like: first) }
    }
}

extension PokedexEntryQueries {
    /// PokeAPI's English names of the times of day, for a database without the conditions'.
    static let englishTimes = [
        "time-morning": "In the morning", "time-day": "During the day", "time-night": "At night",
    ]

    /// Each version's part of the encounters whose `column` is `value` in `versionGroup`'s
    /// games, by `key` (`location_area` or `pokemon_id`, read as text), versions in their order,
    /// and how many versions the group has. The columns are this file's callers' literals;
    /// every value is bound.
    func versionEncounters(by key: String, where column: String, is value: SQLValue, versionGroup: String)
        throws -> (byKey: [String: [VersionEncounter]], groupVersions: Int)
    {
        let versionNames = try versionNames()
        let names = Dictionary(versionNames.map { ($0.version, $0.name) }, uniquingKeysWith: { first, _ in first })
        let slots = try database.query(
            """
            SELECT e.\(key), e.version, e.method, e.conditions, min(e.min_level), max(e.max_level), sum(e.chance)
            FROM encounter AS e JOIN version AS v ON v.name = e.version
            WHERE e.\(column) = ?1 AND v.version_group = ?2
            GROUP BY e.\(key), e.version, e.method, e.conditions ORDER BY e.\(key), v.id
            """, [value, .text(versionGroup)]
        ) { row in
            (
                key: row.text(0), version: row.text(1),
                slot: Slot(
                    method: row.text(2), conditions: Set(row.text(3).split(separator: ",").map(String.init)),
                    low: row.optionalInt(4), high: row.optionalInt(5), chance: row.optionalInt(6))
            )
        }
        var timeNames: [String: String] = [:]
        var byKey: [String: [VersionEncounter]] = [:]
        for (key, rows) in Dictionary(grouping: slots, by: \.key) {
            var versions: [String] = []
            for row in rows where !versions.contains(row.version) { versions.append(row.version) }
            byKey[key] = try versions.map { version in
                let slots = rows.filter { $0.version == version }.map(\.slot)
                var encounter = VersionEncounter(
                    version: version, versionName: names[version] ?? version,
                    methods: Set(slots.map(\.method)).sorted(), minLevel: slots.compactMap(\.low).min(),
                    maxLevel: slots.compactMap(\.high).max(), chance: Slot.chance(slots))
                for (method, time) in Slot.sharedTimes(slots) {
                    if timeNames[time] == nil {
                        timeNames[time] =
                            try storedName(kind: "encounter-condition-value", slug: time) ?? Self.englishTimes[time]
                    }
                    // A time whose name is not stored (a partial sync takes no conditions) and
                    // that PokeAPI did not have when this was written is left unsaid.
                    encounter.times[method] = timeNames[time]
                }
                return encounter
            }
        }
        return (byKey, versionNames.count { $0.group == versionGroup })
    }
}

/// An encounter table's slots of one method and one set of conditions, summed.
private struct Slot {
    let method: String
    let conditions: Set<String>
    let low: Int?
    let high: Int?
    let chance: Int?

    /// The time-of-day condition (`time-night`) every slot of a method has, by method.
    static func sharedTimes(_ slots: [Slot]) -> [String: String] {
        var shared: [String: String] = [:]
        for (method, slots) in Dictionary(grouping: slots, by: \.method) {
            let times = Set(
                slots.map { $0.conditions.filter { $0.hasPrefix("time-") }.sorted().joined(separator: ",") })
            if times.count == 1, let time = times.first, !time.isEmpty, !time.contains(",") { shared[method] = time }
        }
        return shared
    }

    /// The chance of meeting the Pokémon in one encounter under the likeliest method and
    /// conditions: for each set of conditions, the slots that apply then — theirs, and those
    /// of fewer conditions (none: always) — summed; at most 100, since a one-off encounter
    /// (static, gift) is a row at 100% of its own, not a slot of a table.
    static func chance(_ slots: [Slot]) -> Int? {
        let best = slots.compactMap { under -> Int? in
            let applying = slots.filter { $0.method == under.method && $0.conditions.isSubset(of: under.conditions) }
            let chances = applying.compactMap(\.chance)
            return chances.isEmpty ? nil : chances.reduce(0, +)
        }.max()
        return best.map { min($0, 100) }
    }
}
