import SQLiteDatabase

/// The fields of a `/type/{id}` body that pokedex stores in columns.
public struct TypeDetails: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let generation: String?
    public let moveDamageClass: String?
    public let names: [LocalizedName]
    /// `damage_relations.*_damage_to`: what a move of this type does to the types named.
    public let damageTo: [DamageRelation]
    /// `damage_relations.*_damage_from`: what moves of the types named do to this type. A
    /// Pokémon's types' lists are complete for it, so its matchups need no other type synced.
    public let damageFrom: [DamageRelation]

    public init(
        id: Int, name: String, generation: String?, moveDamageClass: String?, names: [LocalizedName],
        damageTo: [DamageRelation], damageFrom: [DamageRelation]
    ) {
        self.id = id
        self.name = name
        self.generation = generation
        self.moveDamageClass = moveDamageClass
        self.names = names
        self.damageTo = damageTo
        self.damageFrom = damageFrom
    }

    /// What cannot be stored as one type: out of range, or a defending type named twice.
    public var violation: String? {
        if let outside = ResourceLimits.outside("id", id, ResourceLimits.id) { return outside }
        if let outside = ResourceLimits.outside("number of names", names.count, ResourceLimits.entries) {
            return outside
        }
        for (side, relations) in [("to", damageTo), ("from", damageFrom)] {
            var seen: Set<String> = []
            for relation in relations where !seen.insert(relation.type).inserted {
                return "damage_relations *_damage_\(side) name \"\(relation.type.prefix(100))\" twice"
            }
        }
        return nil
    }
}
