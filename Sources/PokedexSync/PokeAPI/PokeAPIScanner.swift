import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// PokeAPI bodies read with ``JSONScanner``, one shape to a file: the few stored fields are parsed
/// in one pass and everything else (moves, game_indices, sprites.versions, … ≈99 % of a detail
/// body's bytes) is skipped. Decoding them with `JSONDecoder`, even into a struct of the few
/// fields needed, was most of a sync's CPU.
public enum PokeAPIScanner {
    /// `AbilityDetails` from an `/ability/{id}` body; `pokemon` and `effect_changes` skipped.
    /// `id` and `name` required.
    public static func ability(from body: Data) throws(JSONScanFailure) -> AbilityDetails {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.abilityDetails() }
    }

    /// `EvolutionChainDetails` from an `/evolution-chain/{id}` body: the chain's links flattened
    /// depth-first. `id` and `chain` required; each link needs `species`.
    public static func evolutionChain(from body: Data) throws(JSONScanFailure) -> EvolutionChainDetails {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.evolutionChain() }
    }

    /// The identity of a body kept whole: an object with an integer `id`; its `name`, `order`
    /// and `generation` read where present (a version group's), the rest skipped.
    static func storedBody(from body: Data) throws(JSONScanFailure) -> StoredBodyFields {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in
            var name: String?, order: Int?, generation: String?
            let identity = try scanner.resourceObject(named: false, localized: false) {
                scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "name") {
                    name = try scanner.consumeNull() ? nil : try scanner.string()
                } else if scanner.key(k, is: "order") {
                    order = try scanner.optionalInt()
                } else if scanner.key(k, is: "generation") {
                    generation = try scanner.consumeNull() ? nil : try scanner.namedResourceName()
                } else {
                    try scanner.skipValue()
                }
            }
            return StoredBodyFields(id: identity.id, name: name, order: order, generation: generation)
        }
    }

    /// A Pokémon's encounters: a JSON array (of any elements), checked whole.
    static func encounters(from body: Data) throws(JSONScanFailure) {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in
            try scanner.eachElement { scanner throws(JSONScanFailure) in try scanner.skipValue() }
        }
    }

    /// What a kept body gives its typed tables (``TypedBody``).
    static func typedBody(from body: Data) throws(JSONScanFailure) -> TypedBody {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.typedBody() }
    }

    /// A Pokémon's encounters, one ``WildEncounter`` per way it is met.
    static func wildEncounters(from body: Data) throws(JSONScanFailure) -> [WildEncounter] {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.wildEncounters() }
    }

    /// A list page of any kind (`/pokemon`, `/type`, …): scanned, as a refresh that changes
    /// nothing reads little else.
    static func listPage(from body: Data) throws(JSONScanFailure) -> PokemonListPage {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.pokemonListPage() }
    }

    /// `PokemonDetails` from a `/pokemon/{id}` body.
    ///
    /// Semantics follow PokeAPI's documented shape: `id`, `name`, `types`, `abilities`, `stats`
    /// required; `height`, `weight`, `base_experience`, `order`, `species`, `sprites`,
    /// `sprites.other`, `other["official-artwork"]`, `front_default`, `abilities[].ability` may be
    /// missing or null. Types are returned in slot order, abilities with a null `ability` dropped.
    public static func details(from body: Data) throws(JSONScanFailure) -> PokemonDetails {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.pokemonDetails() }
    }

    /// `SpeciesDetails` from a `/pokemon-species/{id}` body, flavor texts cleaned. `id` and `name`
    /// required; every other field may be missing or null.
    public static func species(from body: Data) throws(JSONScanFailure) -> SpeciesDetails {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.speciesDetails() }
    }

    /// `TypeDetails` from a `/type/{id}` body; `moves`, `pokemon`, `game_indices`, `sprites` and
    /// `past_damage_relations` (most of its bytes) skipped. `id`, `name`, `damage_relations` required.
    public static func type(from body: Data) throws(JSONScanFailure) -> TypeDetails {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.typeDetails() }
    }
}

/// PokeAPI's `NamedAPIResource`, which every shape references: it needs `name` and `url` strings.
extension JSONScanner {
    /// `{"name": String, "url": String}`.
    mutating func namedResource() throws(JSONScanFailure) -> NamedResource {
        let (name, url) = try nameAndURL()
        guard let name, let url else { throw fail("resource without name or url") }
        return NamedResource(name: name, url: url)
    }

    /// A list page's entry: `{"name": String, "url": String}`, or `{"url": String}` for a
    /// nameless kind's (machines, characteristics), whose name is then empty.
    mutating func listEntry() throws(JSONScanFailure) -> NamedResource {
        let (name, url) = try nameAndURL()
        guard let url else { throw fail("list entry without url") }
        return NamedResource(name: name ?? "", url: url)
    }

    /// An object's `name` and `url` strings, each nil when missing; other keys skipped. A url
    /// not kept is checked a string and given as empty: it is most of a reference's bytes, and
    /// a learnset reads three references a row for their names alone.
    private mutating func nameAndURL(keepingURL: Bool = true) throws(JSONScanFailure) -> (
        name: String?, url: String?
    ) {
        var name: String?, url: String?
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "name") {
                name = try scanner.string()
            } else if scanner.key(k, is: "url") {
                url = keepingURL ? try scanner.string() : try scanner.string { _ in "" }
            } else {
                try scanner.skipValue()
            }
        }
        return (name, url)
    }

    /// `{"name": String, "url": String}` → name.
    mutating func namedResourceName() throws(JSONScanFailure) -> String {
        let (name, url) = try nameAndURL(keepingURL: false)
        guard let name, url != nil else { throw fail("resource without name or url") }
        return name
    }

    mutating func optionalNamedResourceName() throws(JSONScanFailure) -> String? {
        try consumeNull() ? nil : try namedResourceName()
    }

    /// `[{"name": String, "url": String}, …]`.
    mutating func namedResources() throws(JSONScanFailure) -> [NamedResource] {
        try beginArray()
        var resources: [NamedResource] = []
        var first = true
        while try nextElement(&first) { resources.append(try namedResource()) }
        return resources
    }
}

/// The loops every shape repeats: an object's keys, an array's elements.
extension JSONScanner {
    /// Calls `field` with each key of an object, the scanner at its value (which `field` reads or skips).
    mutating func eachField(_ field: (inout JSONScanner, Key) throws(JSONScanFailure) -> Void) throws(JSONScanFailure) {
        try beginObject()
        var first = true
        while let k = try nextKey(&first) { try field(&self, k) }
    }

    /// Calls `element` with the scanner at each element of an array.
    mutating func eachElement(_ element: (inout JSONScanner) throws(JSONScanFailure) -> Void) throws(JSONScanFailure) {
        try beginArray()
        var first = true
        while try nextElement(&first) { try element(&self) }
    }
}
