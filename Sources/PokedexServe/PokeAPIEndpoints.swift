import PokedexStore

/// The endpoints PokeAPI v2 has, stored here or not: a path naming another is malformed (400),
/// one of these that pokedex does not store is only missing (404).
enum PokeAPIEndpoints {
    static let names: Set<String> = Set(PokeAPIResources.all.filter(\.isEndpoint).map(\.kind.name)).union(["meta"])

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
