import Foundation
import PokedexStore

extension PokeAPIScanner {
    /// `TypeDetails` from a `/type/{id}` body; `moves`, `pokemon`, `game_indices`, `sprites` and
    /// `past_damage_relations` (most of its bytes) skipped. `id`, `name`, `damage_relations` required.
    public static func type(from body: Data) throws(JSONScanFailure) -> TypeDetails {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.typeDetails() }
    }
}

extension JSONScanner {
    mutating func typeDetails() throws(JSONScanFailure) -> TypeDetails {
        try beginObject()
        var id: Int?, name: String?, generation: String?, damageClass: String?
        var names: [LocalizedName] = []
        var relations: (double: [String], half: [String], none: [String])?
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "id") {
                id = try int()
            } else if key(k, is: "name") {
                name = try string()
            } else if key(k, is: "generation") {
                generation = try optionalNamedResourceName()
            } else if key(k, is: "move_damage_class") {
                damageClass = try optionalNamedResourceName()
            } else if key(k, is: "names") {
                names = try localizedNames()
            } else if key(k, is: "damage_relations") {
                relations = try damageRelations()
            } else {
                try skipValue()
            }
        }
        guard let id else { throw fail("missing \"id\"") }
        guard let name else { throw fail("missing \"name\"") }
        guard let relations else { throw fail("missing \"damage_relations\"") }
        return TypeDetails(
            id: id, name: name, generation: generation, moveDamageClass: damageClass, names: names,
            doubleDamageTo: relations.double, halfDamageTo: relations.half, noDamageTo: relations.none)
    }

    private mutating func damageRelations() throws(JSONScanFailure) -> (
        double: [String], half: [String], none: [String]
    ) {
        try beginObject()
        var double: [String] = [], half: [String] = [], none: [String] = []
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "double_damage_to") {
                double = try namedResources().map(\.name)
            } else if key(k, is: "half_damage_to") {
                half = try namedResources().map(\.name)
            } else if key(k, is: "no_damage_to") {
                none = try namedResources().map(\.name)
            } else {
                try skipValue()
            }
        }
        return (double, half, none)
    }

    /// `[{"language": {"name", "url"}, "name": String}, …]`; a language named twice keeps its last.
    mutating func localizedNames() throws(JSONScanFailure) -> [LocalizedName] {
        try perLanguage("name").map { LocalizedName(language: $0.language, name: $0.value) }
    }

    /// `[{"language": {"name", "url"}, FIELD: String, …}, …]` as (language, value) pairs, in
    /// order; a language named twice keeps its last value (at its first place's end).
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
