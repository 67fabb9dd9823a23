import SQLiteDatabase

/// One type a `damage_relations` list names, with its multiplier (2, 0.5 or 0).
public struct DamageRelation: Sendable, Equatable {
    public let type: String
    /// From the type's URL: orders types that are only named, never synced, as PokeAPI does.
    public let typeID: Int?
    public let multiplier: Double

    public init(type: String, typeID: Int?, multiplier: Double) {
        self.type = type
        self.typeID = typeID
        self.multiplier = multiplier
    }
}
