import SQLiteDatabase
import TextUtilities

/// `type`: a type's damage relations and its Pokémon.
extension PokedexEntryQueries {
    public func typeEntry(slug: String) throws -> TypeEntry {
        try database.readTransaction {
            let typeNames = try typeDisplayNames()
            let stored = try database.queryFirst(
                "SELECT generation, details_synced_at IS NOT NULL FROM type WHERE name = ?", [.text(slug)]
            ) { ($0.optionalText(0), $0.bool(1)) }
            func grouped(_ sql: String) throws -> [(TypeMatchups.Multiplier, [NamedType])] {
                let rows = try database.query(sql, [.text(slug)]) { ($0.text(0), Double($0.int(1)) / 4) }
                return [2.0, 0.5, 0].compactMap { value in
                    let types = rows.filter { $0.1 == value }.map(\.0)
                    guard !types.isEmpty else { return nil }
                    let multiplier: TypeMatchups.Multiplier =
                        value == 0 ? .immune : .power(halvings: value == 2 ? -1 : 1)
                    return (multiplier, named(types, typeNames))
                }
            }
            func relations(_ other: String, _ this: String) -> String {
                """
                SELECT d.\(other), CAST(round(d.multiplier * 4) AS INTEGER)
                FROM type_damage AS d LEFT JOIN matchup_type AS t ON t.name = d.\(other)
                WHERE d.\(this) = ? ORDER BY t.id IS NULL, t.id, d.\(other)
                """
            }
            let dealt = try grouped(relations("defending_type", "attacking_type"))
            let taken = try grouped(relations("attacking_type", "defending_type"))
            let pokemon = try list(offset: 0, limit: Int(Int32.max), type: slug)
            return TypeEntry(
                type: named([slug], typeNames)[0], generation: stored?.0,
                hasDetails: stored?.1 ?? false, damageDealt: dealt, damageTaken: taken, pokemon: pokemon)
        }
    }
}
