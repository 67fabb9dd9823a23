import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONScanner {
    mutating func typeDetails() throws(JSONScanFailure) -> TypeDetails {
        var generation: String?, damageClass: String?
        var relations: (to: [DamageRelation], from: [DamageRelation])?
        let identity = try resourceObject { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "generation") {
                generation = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "move_damage_class") {
                damageClass = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "damage_relations") {
                relations = try scanner.damageRelations()
            } else {
                try scanner.skipValue()
            }
        }
        guard let relations else { throw fail("missing \"damage_relations\"") }
        return TypeDetails(
            id: identity.id, name: identity.name, generation: generation, moveDamageClass: damageClass,
            names: identity.names, damageTo: relations.to, damageFrom: relations.from)
    }

    /// The six lists of `damage_relations`: the `_to` lists, then the `_from` lists, each side
    /// in the order double, half, none.
    fileprivate mutating func damageRelations() throws(JSONScanFailure) -> (
        to: [DamageRelation], from: [DamageRelation]
    ) {
        try beginObject()
        var lists = [[DamageRelation]](repeating: [], count: Self.damageLists.count)
        var first = true
        while let k = try nextKey(&first) {
            guard let index = Self.damageLists.firstIndex(where: { key(k, is: $0.key) }) else {
                try skipValue()
                continue
            }
            let multiplier = Self.damageLists[index].multiplier
            lists[index] = try namedResources().map { type in
                // A URL without an id only costs the type its place in PokeAPI's order.
                DamageRelation(
                    type: type.name, typeID: try? PokemonResource.id(fromURL: type.url), multiplier: multiplier)
            }
        }
        return (lists[0..<3].flatMap { $0 }, lists[3...].flatMap { $0 })
    }

    private static let damageLists: [(key: StaticString, multiplier: Double)] = [
        ("double_damage_to", 2), ("half_damage_to", 0.5), ("no_damage_to", 0),
        ("double_damage_from", 2), ("half_damage_from", 0.5), ("no_damage_from", 0),
    ]

    /// `[{"language": {"name", "url"}, "name": String}, …]`; a language named twice keeps its last.
    mutating func localizedNames() throws(JSONScanFailure) -> [LocalizedName] {
        try perLanguage("name").map { LocalizedName(language: $0.language, name: $0.value) }
    }

    /// `[{"language": {"name", "url"}, FIELD: String, …}, …]` as (language, value) pairs, in
    /// order; a language named twice keeps its last value, in the later one's place.
    mutating func perLanguage(_ field: StaticString) throws(JSONScanFailure) -> [(language: String, value: String)] {
        var result: [(language: String, value: String)] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var language: String?, value: String?
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "language") {
                    language = try scanner.namedResourceName()
                } else if scanner.key(k, is: field) {
                    value = try scanner.string()
                } else {
                    try scanner.skipValue()
                }
            }
            guard let language, let value else { throw scanner.fail("an entry without language or \(field)") }
            result.removeAll { $0.language == language }
            result.append((language, value))
        }
        return result
    }
}
