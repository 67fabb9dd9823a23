import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONScanner {
    mutating func speciesDetails() throws(JSONScanFailure) -> SpeciesDetails {
        var s = SpeciesDetails(id: 0, name: "")
        var genera: [(language: String, genus: String)] = []
        let identity = try resourceObject { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "order") {
                s.order = try scanner.optionalInt()
            } else if scanner.key(k, is: "generation") {
                let generation = try scanner.consumeNull() ? nil : try scanner.namedResource()
                s.generation = generation?.name
                s.generationNumber = generation.flatMap { try? PokemonResource.id(fromURL: $0.url) }
            } else if scanner.key(k, is: "is_legendary") {
                s.isLegendary = try scanner.optionalBool()
            } else if scanner.key(k, is: "is_mythical") {
                s.isMythical = try scanner.optionalBool()
            } else if scanner.key(k, is: "is_baby") {
                s.isBaby = try scanner.optionalBool()
            } else if scanner.key(k, is: "color") {
                s.color = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "shape") {
                s.shape = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "habitat") {
                s.habitat = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "growth_rate") {
                s.growthRate = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "evolves_from_species") {
                s.evolvesFrom = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "capture_rate") {
                s.captureRate = try scanner.optionalInt()
            } else if scanner.key(k, is: "base_happiness") {
                s.baseHappiness = try scanner.optionalInt()
            } else if scanner.key(k, is: "gender_rate") {
                s.genderRate = try scanner.optionalInt()
            } else if scanner.key(k, is: "hatch_counter") {
                s.hatchCounter = try scanner.optionalInt()
            } else if scanner.key(k, is: "evolution_chain") {
                s.evolutionChainURL = try scanner.chainURL()
            } else if scanner.key(k, is: "genera") {
                genera = try scanner.genera()
            } else if scanner.key(k, is: "flavor_text_entries") {
                s.flavorTexts = try scanner.flavorTexts()
            } else if scanner.key(k, is: "egg_groups") {
                s.eggGroups = try scanner.namedResources().map(\.name)
            } else if scanner.key(k, is: "varieties") {
                s.varieties = try scanner.varieties()
            } else {
                try scanner.skipValue()
            }
        }
        s.id = identity.id
        s.name = identity.name
        if let url = s.evolutionChainURL {
            do {
                s.evolutionChainID = try PokemonResource.id(fromURL: url)
            } catch {
                throw fail("evolution_chain url \"\(url.prefix(200))\" has no id")
            }
        }
        // names and genera merged by language, in order of first appearance.
        for entry in identity.names {
            s.names.append(SpeciesDetails.Name(language: entry.language, name: entry.name, genus: nil))
        }
        for entry in genera {
            if let index = s.names.firstIndex(where: { $0.language == entry.language }) {
                s.names[index].genus = entry.genus
            } else {
                s.names.append(SpeciesDetails.Name(language: entry.language, name: nil, genus: entry.genus))
            }
        }
        return s
    }

    /// `{"url": String}` or null.
    private mutating func chainURL() throws(JSONScanFailure) -> String? {
        if try consumeNull() { return nil }
        try beginObject()
        var url: String?
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "url") { url = try optionalString() } else { try skipValue() }
        }
        return url
    }

    private mutating func genera() throws(JSONScanFailure) -> [(language: String, genus: String)] {
        try perLanguage("genus").map { ($0.language, $0.value) }
    }

    /// A (language, version) named twice keeps its last text, at its first position.
    private mutating func flavorTexts() throws(JSONScanFailure) -> [SpeciesDetails.FlavorText] {
        var result: [SpeciesDetails.FlavorText] = []
        // Where each (language, version) went: a body has a hundred texts or more, too many
        // to search the result for each.
        var positions: [LanguageAndVersion: Int] = [:]
        try eachElement { scanner throws(JSONScanFailure) in
            var language: String?, version: String?, cleanedText: String?
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "language") {
                    language = try scanner.namedResourceName()
                } else if scanner.key(k, is: "version") {
                    version = try scanner.optionalNamedResourceName()
                } else if scanner.key(k, is: "flavor_text") {
                    cleanedText = try scanner.string(FlavorTextCleaning.clean(validUTF8:))
                } else {
                    try scanner.skipValue()
                }
            }
            guard let language, let cleanedText else {
                throw scanner.fail("flavor text entry without language or text")
            }
            // Species bodies always name the version; one that does not is kept under "".
            let entry = SpeciesDetails.FlavorText(
                language: language, version: version ?? "", text: cleanedText)
            let key = LanguageAndVersion(language: language, version: entry.version)
            if let index = positions[key] {
                result[index] = entry
            } else {
                positions[key] = result.count
                result.append(entry)
            }
        }
        return result
    }

    private struct LanguageAndVersion: Hashable {
        let language: String
        let version: String
    }

    private mutating func varieties() throws(JSONScanFailure) -> [SpeciesDetails.Variety] {
        var result: [SpeciesDetails.Variety] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var pokemon: NamedResource?, isDefault = false
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "pokemon") {
                    pokemon = try scanner.namedResource()
                } else if scanner.key(k, is: "is_default") {
                    isDefault = try scanner.optionalBool() ?? false
                } else {
                    try scanner.skipValue()
                }
            }
            guard let pokemon else { throw scanner.fail("variety without pokemon") }
            result.removeAll { $0.pokemonName == pokemon.name }
            result.append(
                SpeciesDetails.Variety(pokemonName: pokemon.name, pokemonURL: pokemon.url, isDefault: isDefault))
        }
        return result
    }
}
