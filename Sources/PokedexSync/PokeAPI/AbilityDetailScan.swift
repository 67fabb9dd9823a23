import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PokeAPIScanner {
    /// `AbilityDetails` from an `/ability/{id}` body; `pokemon`, `flavor_text_entries` and
    /// `effect_changes` skipped. `id` and `name` required.
    public static func ability(from body: Data) throws(JSONScanFailure) -> AbilityDetails {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in try scanner.abilityDetails() }
    }
}

extension JSONScanner {
    mutating func abilityDetails() throws(JSONScanFailure) -> AbilityDetails {
        try beginObject()
        var id: Int?, name: String?, generation: String?, isMainSeries: Bool?
        var names: [LocalizedName] = [], effects: [AbilityDetails.Effect] = []
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "id") {
                id = try int()
            } else if key(k, is: "name") {
                name = try string()
            } else if key(k, is: "generation") {
                generation = try optionalNamedResourceName()
            } else if key(k, is: "is_main_series") {
                isMainSeries = try optionalBool()
            } else if key(k, is: "names") {
                names = try localizedNames()
            } else if key(k, is: "effect_entries") {
                effects = try effectEntries()
            } else {
                try skipValue()
            }
        }
        guard let id else { throw fail("missing \"id\"") }
        guard let name else { throw fail("missing \"name\"") }
        return AbilityDetails(
            id: id, name: name, generation: generation, isMainSeries: isMainSeries, names: names, effects: effects)
    }

    /// A language named twice keeps its last entry.
    private mutating func effectEntries() throws(JSONScanFailure) -> [AbilityDetails.Effect] {
        var effects: [AbilityDetails.Effect] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var language: String?, effect: String?, short: String?
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "language") {
                    language = try scanner.namedResourceName()
                } else if scanner.key(k, is: "effect") {
                    effect = try scanner.optionalString()
                } else if scanner.key(k, is: "short_effect") {
                    short = try scanner.optionalString()
                } else {
                    try scanner.skipValue()
                }
            }
            guard let language else { throw scanner.fail("effect entry without language") }
            effects.removeAll { $0.language == language }
            effects.append(AbilityDetails.Effect(language: language, shortEffect: short, effect: effect))
        }
        return effects
    }
}
