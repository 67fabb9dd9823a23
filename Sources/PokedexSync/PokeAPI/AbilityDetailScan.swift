import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONScanner {
    mutating func abilityDetails() throws(JSONScanFailure) -> AbilityDetails {
        var generation: String?, isMainSeries: Bool?, effects: [AbilityDetails.Effect] = []
        var gameTexts: [TypedBody.Flavor] = []
        let identity = try resourceObject { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "generation") {
                generation = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "is_main_series") {
                isMainSeries = try scanner.optionalBool()
            } else if scanner.key(k, is: "effect_entries") {
                effects = try scanner.effectEntries()
            } else if scanner.key(k, is: "flavor_text_entries") {
                gameTexts = try scanner.flavors()
            } else {
                try scanner.skipValue()
            }
        }
        return AbilityDetails(
            id: identity.id, name: identity.name, generation: generation, isMainSeries: isMainSeries,
            names: identity.names, effects: effects, gameTexts: gameTexts)
    }

    /// A language named twice keeps its last entry.
    mutating func effectEntries() throws(JSONScanFailure) -> [AbilityDetails.Effect] {
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
