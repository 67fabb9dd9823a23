/// The endpoints PokeAPI v2 has, stored here or not: a path naming another is malformed (400),
/// one of these that pokedex does not store is only missing (404).
enum PokeAPIEndpoints {
    static let names: Set<String> = [
        "ability", "berry", "berry-firmness", "berry-flavor", "characteristic", "contest-effect", "contest-type",
        "egg-group", "encounter-condition", "encounter-condition-value", "encounter-method", "evolution-chain",
        "evolution-trigger", "gender", "generation", "growth-rate", "item", "item-attribute", "item-category",
        "item-fling-effect", "item-pocket", "language", "location", "location-area", "machine", "meta", "move",
        "move-ailment", "move-battle-style", "move-category", "move-damage-class", "move-learn-method", "move-target",
        "nature", "pal-park-area", "pokeathlon-stat", "pokedex", "pokemon", "pokemon-color", "pokemon-form",
        "pokemon-habitat", "pokemon-shape", "pokemon-species", "region", "stat", "super-contest-effect", "type",
        "version", "version-group",
    ]

    /// Whether `key` can name a resource: letters, digits, `-` and `_`.
    static func isKey(_ key: String) -> Bool {
        !key.isEmpty
            && key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }
}
