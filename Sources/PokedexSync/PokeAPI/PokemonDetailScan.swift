import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONScanner {
    mutating func pokemonDetails() throws(JSONScanFailure) -> PokemonDetails {
        var height: Int?, weight: Int?, baseExperience: Int?, order: Int?
        var species: NamedResource?, sprites = SpriteURLs()
        var types: [NamedResource]?, abilities: [(PokemonDetails.Ability, url: String)]?
        var stats: [PokemonDetails.Stat]?, moves: [LearnedMove] = []
        let identity = try resourceObject(localized: false) { scanner, k throws(JSONScanFailure) in
            switch scanner.detailField(k) {
            case .order: order = try scanner.optionalInt()
            case .types: types = try scanner.slottedTypes()
            case .stats: stats = try scanner.stats()
            case .height: height = try scanner.optionalInt()
            case .weight: weight = try scanner.optionalInt()
            case .species: species = try scanner.consumeNull() ? nil : try scanner.namedResource()
            case .sprites: sprites = try scanner.spriteURLs()
            case .abilities: abilities = try scanner.abilities()
            case .baseExperience: baseExperience = try scanner.optionalInt()
            case .moves: moves = try scanner.learnsetOrNone()
            case .other: try scanner.skipValue()
            }
        }
        guard let types, let abilities, let stats else { throw fail("missing types, abilities or stats") }
        return PokemonDetails(
            id: identity.id, name: identity.name, height: height, weight: weight, baseExperience: baseExperience,
            order: order, speciesName: species?.name, types: types.map(\.name), abilities: abilities.map(\.0),
            stats: stats, officialArtworkURL: sprites.official, speciesURL: species?.url, typeURLs: types.map(\.url),
            abilityURLs: abilities.map(\.url), spriteURL: sprites.front, shinySpriteURL: sprites.shiny, moves: moves)
    }

    private mutating func slottedTypes() throws(JSONScanFailure) -> [NamedResource] {
        try beginArray()
        var slots: [(slot: Int, type: NamedResource)] = []
        var first = true
        while try nextElement(&first) {
            try beginObject()
            var slot: Int?, name: NamedResource?
            var f = true
            while let k = try nextKey(&f) {
                if key(k, is: "slot") {
                    slot = try int()
                } else if key(k, is: "type") {
                    name = try namedResource()
                } else {
                    try skipValue()
                }
            }
            guard let slot, let name else { throw fail("type entry without slot or type") }
            slots.append((slot, name))
        }
        // Same order as `types.sorted { $0.slot < $1.slot }` (stable sort in the stdlib).
        return slots.sorted { $0.slot < $1.slot }.map(\.type)
    }

    private mutating func abilities() throws(JSONScanFailure) -> [(PokemonDetails.Ability, url: String)] {
        try beginArray()
        var result: [(PokemonDetails.Ability, url: String)] = []
        var first = true
        while try nextElement(&first) {
            try beginObject()
            var name: NamedResource??, isHidden: Bool?, slot: Int?
            var f = true
            while let k = try nextKey(&f) {
                if key(k, is: "ability") {
                    name = .some(try consumeNull() ? nil : try namedResource())
                } else if key(k, is: "is_hidden") {
                    isHidden = try bool()
                } else if key(k, is: "slot") {
                    slot = try int()
                } else {
                    try skipValue()
                }
            }
            guard let isHidden, let slot else { throw fail("ability entry without is_hidden or slot") }
            if let name = name ?? nil {
                result.append((PokemonDetails.Ability(name: name.name, isHidden: isHidden, slot: slot), name.url))
            }
        }
        return result
    }

    private mutating func stats() throws(JSONScanFailure) -> [PokemonDetails.Stat] {
        try beginArray()
        var result: [PokemonDetails.Stat] = []
        var first = true
        while try nextElement(&first) {
            try beginObject()
            var baseStat: Int?, effort: Int?, name: String?
            var f = true
            while let k = try nextKey(&f) {
                if key(k, is: "base_stat") {
                    baseStat = try int()
                } else if key(k, is: "effort") {
                    effort = try int()
                } else if key(k, is: "stat") {
                    name = try namedResourceName()
                } else {
                    try skipValue()
                }
            }
            guard let baseStat, let effort, let name else { throw fail("stat entry incomplete") }
            result.append(PokemonDetails.Stat(name: name, baseStat: baseStat, effort: effort))
        }
        return result
    }

    /// The image URLs of `sprites`, each level optional.
    private struct SpriteURLs {
        var front: String?
        var shiny: String?
        var official: String?
    }

    /// `sprites.front_default`, `sprites.front_shiny` and `sprites` → `other` →
    /// `official-artwork` → `front_default`, each level optional.
    private mutating func spriteURLs() throws(JSONScanFailure) -> SpriteURLs {
        var urls = SpriteURLs()
        if try consumeNull() { return urls }
        try beginObject()
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "front_default") {
                urls.front = try optionalString()
            } else if key(k, is: "front_shiny") {
                urls.shiny = try optionalString()
            } else if key(k, is: "other") {
                urls.official = try officialArtwork()
            } else {
                try skipValue()
            }
        }
        return urls
    }

    /// `other` → `official-artwork` → `front_default`, each level optional.
    private mutating func officialArtwork() throws(JSONScanFailure) -> String? {
        var url: String?
        if try consumeNull() { return nil }
        try beginObject()
        var f2 = true
        while let k2 = try nextKey(&f2) {
            guard key(k2, is: "official-artwork") else {
                try skipValue()
                continue
            }
            url = nil
            if try consumeNull() { continue }
            try beginObject()
            var f3 = true
            while let k3 = try nextKey(&f3) {
                if key(k3, is: "front_default") { url = try optionalString() } else { try skipValue() }
            }
        }
        return url
    }

    private enum DetailField {
        case order, types, stats, height, weight, species, sprites, abilities, baseExperience, moves, other
    }

    /// Dispatches on length first: most top-level keys (moves, game_indices, …) are skipped.
    private func detailField(_ k: Key) -> DetailField {
        if k.escaped {  // never in PokeAPI bodies; compare after unescaping
            for (literal, field) in [
                ("order", DetailField.order), ("types", .types),
                ("stats", .stats), ("height", .height), ("weight", .weight),
                ("species", .species), ("sprites", .sprites), ("abilities", .abilities),
                ("base_experience", .baseExperience), ("moves", .moves),
            ] as [(StaticString, DetailField)]
            where key(k, is: literal) { return field }
            return .other
        }
        switch k.count {
        case 5 where key(k, is: "order"): return .order
        case 5 where key(k, is: "moves"): return .moves
        case 5 where key(k, is: "types"): return .types
        case 5 where key(k, is: "stats"): return .stats
        case 6 where key(k, is: "height"): return .height
        case 6 where key(k, is: "weight"): return .weight
        case 7 where key(k, is: "species"): return .species
        case 7 where key(k, is: "sprites"): return .sprites
        case 9 where key(k, is: "abilities"): return .abilities
        case 15 where key(k, is: "base_experience"): return .baseExperience
        default: return .other
        }
    }
}
