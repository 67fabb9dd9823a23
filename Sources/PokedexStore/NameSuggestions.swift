import TextUtilities

/// "Did you mean": the Pokémon, types or abilities nearest a name typed, each offered once and
/// by the name people read in the display language, however many of its names were near.
/// Slugs, names in the display language and English names are compared first; a name in
/// another language is offered only when none of those is near, and then as it is written,
/// since that is what was near (`Glurack`: Glurak, Charizard's German name).
struct NameSuggestions {
    struct Candidate {
        /// What it names, one value per Pokémon, type or ability.
        let thing: String
        /// What the query is compared with: a slug, or a name folded (`NameFolding.fold`).
        let key: String
        /// The name as written; for a slug, the slug.
        let name: String
        /// The name's language; nil for a slug.
        let language: String?
    }

    let displayLanguage: String
    var candidates: [Candidate] = []
    /// Each thing's name in the display language, else English, else its slug made readable.
    var shownNames: [String: String] = [:]

    init(displayLanguage: String) {
        self.displayLanguage = displayLanguage
    }

    /// Up to `limit`, nearest first, for a query already folded.
    func suggestions(for query: String, limit: Int = 5) -> [String] {
        for foreign in [false, true] {
            var byKey: [String: [Candidate]] = [:]
            var keys: [String] = []
            for candidate in candidates where !candidate.key.isEmpty && isForeign(candidate) == foreign {
                if byKey[candidate.key] == nil { keys.append(candidate.key) }
                byKey[candidate.key, default: []].append(candidate)
            }
            var things: Set<String> = []
            var shown: [String] = []
            for key in PokemonName.suggestions(for: query, among: keys, limit: keys.count) {
                for candidate in byKey[key] ?? [] where things.insert(candidate.thing).inserted {
                    let name = foreign ? candidate.name : shownNames[candidate.thing] ?? candidate.name
                    if !shown.contains(name) { shown.append(name) }
                }
            }
            if !shown.isEmpty { return Array(shown.prefix(limit)) }
        }
        return []
    }

    private func isForeign(_ candidate: Candidate) -> Bool {
        guard let language = candidate.language?.lowercased() else { return false }
        return language != displayLanguage.lowercased() && language != "en"
    }
}
