import PokedexStore

/// A kept body read for its typed tables: every top-level scalar and named resource, and the
/// arrays the tables keep. A part of another shape is skipped, not refused: the body is stored
/// already, and its tables take what fits.
extension JSONScanner {
    mutating func typedBody() throws(JSONScanFailure) -> TypedBody {
        var typed = TypedBody()
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "names") {
                typed.names =
                    try scanner.orSkipped { scanner throws(JSONScanFailure) in try scanner.localizedNames() } ?? []
            } else if scanner.key(k, is: "form_names") {
                typed.formNames =
                    try scanner.orSkipped { scanner throws(JSONScanFailure) in try scanner.localizedNames() } ?? []
            } else if scanner.key(k, is: "effect_entries") {
                typed.effects =
                    try scanner.orSkipped { scanner throws(JSONScanFailure) in try scanner.effectEntries() } ?? []
            } else if scanner.key(k, is: "flavor_text_entries") {
                typed.flavors = try scanner.orSkipped { scanner throws(JSONScanFailure) in try scanner.flavors() } ?? []
            } else if scanner.key(k, is: "held_by_pokemon") {
                typed.holders = try scanner.orSkipped { scanner throws(JSONScanFailure) in try scanner.holders() } ?? []
            } else if scanner.key(k, is: "prices") {
                typed.prices = try scanner.orSkipped { scanner throws(JSONScanFailure) in try scanner.prices() } ?? []
            } else if let value = try scanner.fieldValue() {
                typed.fields[try scanner.keyString(k)] = value
            }
        }
        if case .integer(let chance)? = typed.fields["effect_chance"] {
            typed.effects = typed.effects.map {
                AbilityDetails.Effect(
                    language: $0.language, shortEffect: $0.shortEffect?.replacing("$effect_chance", with: "\(chance)"),
                    effect: $0.effect?.replacing("$effect_chance", with: "\(chance)"))
            }
        }
        return typed
    }

    /// A Pokémon's `/encounters`: `[{"location_area", "version_details": [{"version",
    /// "encounter_details": [{"min_level", "max_level", "chance", "method", "condition_values"}]}]}]`.
    mutating func wildEncounters() throws(JSONScanFailure) -> [WildEncounter] {
        var encounters: [WildEncounter] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var area: String?, found: [(version: String, details: [Detail])] = []
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "location_area") {
                    area = try scanner.namedResourceName()
                } else if scanner.key(k, is: "version_details") {
                    try scanner.eachElement { scanner throws(JSONScanFailure) in
                        found.append(try scanner.versionDetail())
                    }
                } else {
                    try scanner.skipValue()
                }
            }
            guard let area else { throw scanner.fail("encounter without location_area") }
            for (version, details) in found {
                encounters += details.map {
                    WildEncounter(
                        locationArea: area, version: version, method: $0.method, minLevel: $0.minLevel,
                        maxLevel: $0.maxLevel, chance: $0.chance, conditions: $0.conditions)
                }
            }
        }
        return encounters
    }

    private typealias Detail = (method: String, minLevel: Int?, maxLevel: Int?, chance: Int?, conditions: [String])

    private mutating func versionDetail() throws(JSONScanFailure) -> (version: String, details: [Detail]) {
        var version: String?, details: [Detail] = []
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "version") {
                version = try scanner.namedResourceName()
            } else if scanner.key(k, is: "encounter_details") {
                try scanner.eachElement { scanner throws(JSONScanFailure) in
                    details.append(try scanner.encounterDetail())
                }
            } else {
                try scanner.skipValue()
            }
        }
        guard let version else { throw fail("encounter details without version") }
        return (version, details)
    }

    private mutating func encounterDetail() throws(JSONScanFailure) -> Detail {
        var method: String?, minLevel: Int?, maxLevel: Int?, chance: Int?, conditions: [String] = []
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "method") {
                method = try scanner.namedResourceName()
            } else if scanner.key(k, is: "min_level") {
                minLevel = try scanner.optionalInt()
            } else if scanner.key(k, is: "max_level") {
                maxLevel = try scanner.optionalInt()
            } else if scanner.key(k, is: "chance") {
                chance = try scanner.optionalInt()
            } else if scanner.key(k, is: "condition_values") {
                conditions = try scanner.namedResources().map(\.name)
            } else {
                try scanner.skipValue()
            }
        }
        guard let method else { throw fail("encounter detail without method") }
        return (method, minLevel, maxLevel, chance, conditions)
    }

    /// An item's `[{"purchase_price", "sell_price", "version_group", "currency"}]`.
    private mutating func prices() throws(JSONScanFailure) -> [TypedBody.Price] {
        var prices: [TypedBody.Price] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var group: String?, purchase: Int?, sell: Int?
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "version_group") {
                    group = try scanner.namedResourceName()
                } else if scanner.key(k, is: "purchase_price") {
                    purchase = try scanner.optionalInt()
                } else if scanner.key(k, is: "sell_price") {
                    sell = try scanner.optionalInt()
                } else {
                    try scanner.skipValue()
                }
            }
            guard let group else { throw scanner.fail("price without version_group") }
            prices.append(TypedBody.Price(versionGroup: group, purchase: purchase, sell: sell))
        }
        return prices
    }

    /// `[{"flavor_text" or "text", "language", "version_group"}]`; entries of a version (not a
    /// group) are not a move's, an item's or an ability's and are skipped.
    mutating func flavors() throws(JSONScanFailure) -> [TypedBody.Flavor] {
        var flavors: [TypedBody.Flavor] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var text: String?, language: String?, group: String?
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "flavor_text") || scanner.key(k, is: "text") {
                    text = try scanner.string()
                } else if scanner.key(k, is: "language") {
                    language = try scanner.namedResourceName()
                } else if scanner.key(k, is: "version_group") {
                    group = try scanner.namedResourceName()
                } else {
                    try scanner.skipValue()
                }
            }
            guard let text, let language, let group else { return }
            flavors.append(
                TypedBody.Flavor(versionGroup: group, language: language, text: FlavorTextCleaning.clean(text)))
        }
        return flavors
    }

    /// An item's `[{"pokemon", "version_details": [{"rarity", "version"}]}]`.
    private mutating func holders() throws(JSONScanFailure) -> [TypedBody.Holder] {
        var holders: [TypedBody.Holder] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var pokemon: String?, versions: [(String, Int?)] = []
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "pokemon") {
                    pokemon = try scanner.namedResourceName()
                } else if scanner.key(k, is: "version_details") {
                    try scanner.eachElement { scanner throws(JSONScanFailure) in
                        var version: String?, rarity: Int?
                        try scanner.eachField { scanner, k throws(JSONScanFailure) in
                            if scanner.key(k, is: "version") {
                                version = try scanner.namedResourceName()
                            } else if scanner.key(k, is: "rarity") {
                                rarity = try scanner.optionalInt()
                            } else {
                                try scanner.skipValue()
                            }
                        }
                        if let version { versions.append((version, rarity)) }
                    }
                } else {
                    try scanner.skipValue()
                }
            }
            guard let pokemon else { return }
            holders += versions.map { TypedBody.Holder(pokemon: pokemon, version: $0.0, rarity: $0.1) }
        }
        return holders
    }

    /// A top-level value a typed column can take — a string, an integer, a boolean or a named
    /// resource's slug — or nil, the value skipped.
    private mutating func fieldValue() throws(JSONScanFailure) -> TypedBody.Value? {
        switch try peek() {
        case UInt8(ascii: "\""): return .text(try string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .flag(try bool())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try orSkipped { scanner throws(JSONScanFailure) in try scanner.int() }.map(TypedBody.Value.integer)
        case UInt8(ascii: "{"):
            return try orSkipped { scanner throws(JSONScanFailure) in try scanner.namedResourceName() }
                .map(TypedBody.Value.text)
        default:
            try skipValue()
            return nil
        }
    }

    /// `read`'s value, or nil with the value skipped when it is valid JSON of another shape.
    mutating func orSkipped<Value>(
        _ read: (inout JSONScanner) throws(JSONScanFailure) -> Value
    ) throws(JSONScanFailure) -> Value? {
        var attempt = self
        if let value = try? read(&attempt) {
            self = attempt
            return value
        }
        try skipValue()
        return nil
    }
}
