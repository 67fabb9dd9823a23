import PokedexStore

/// What a Pokémon search compares: the Pokémon's names in every language and its slug, folded
/// (`NameFolding`), and what the filters select by.
public struct SearchKeys: Equatable, Sendable {
    public let names: [String]
    public let types: [String]
    public let generation: Int?
    public let abilities: [String]
    /// Each name's length in characters: a name too much longer or shorter than the words
    /// cannot be a near spelling, and is not compared letter by letter.
    let lengths: [Int]
    /// Each name without its word separators (`NameFolding.compacted`): `mrmime` finds Mr. Mime.
    let compacted: [String]

    /// `foldedNames` already folded (`NameFolding.fold`), as the store keeps them.
    public init(slug: String, foldedNames: [String], types: [String], generation: Int?, abilities: [String]) {
        var folded = [NameFolding.fold(slug)]
        var seen = Set(folded)
        for name in foldedNames where seen.insert(name).inserted { folded.append(name) }
        self.names = folded
        lengths = folded.map(\.count)
        compacted = folded.map(NameFolding.compacted)
        self.types = types
        self.generation = generation
        self.abilities = abilities
    }
}

/// The slugs that types' and abilities' names in every language mean, folded, for the filters.
public struct SearchVocabulary: Equatable, Sendable {
    public var types: [String: String]
    public var abilities: [String: String]

    /// `names` pairs a slug with each of its names; every slug also means itself.
    public init(types: [(slug: String, name: String)] = [], abilities: [(slug: String, name: String)] = []) {
        self.types = Self.folded(types)
        self.abilities = Self.folded(abilities)
    }

    private static func folded(_ names: [(slug: String, name: String)]) -> [String: String] {
        var table: [String: String] = [:]
        for (slug, name) in names {
            table[NameFolding.fold(name)] = table[NameFolding.fold(name)] ?? slug
            table[slug] = slug
        }
        return table
    }
}

/// A search as typed: words, and filters `type:fire`, `gen:1`, `ability:static` (in any
/// stored language), which every result must pass. `learns:` waits for moves to be stored.
public struct PokemonQuery: Equatable, Sendable {
    /// The words, folded and joined: what names are compared with.
    public var words = ""
    public var types: [String] = []
    public var generations: [Int] = []
    public var abilities: [String] = []
    /// Filters that name nothing stored (`type:nope`): they match nothing.
    public var unknownFilters: [String] = []

    public init(_ text: String, vocabulary: SearchVocabulary) {
        var words: [Substring] = []
        var unknown: [String] = []
        func add<Value>(_ value: Value?, to list: inout [Value], _ word: Substring) {
            if let value { list.append(value) } else { unknown.append(String(word)) }
        }
        for word in text.split(whereSeparator: \.isWhitespace) {
            guard let colon = word.firstIndex(of: ":") else {
                words.append(word)
                continue
            }
            let key = word[..<colon].lowercased()
            let value = String(word[word.index(after: colon)...])
            switch key {
            case "type", "t":
                add(vocabulary.types[NameFolding.fold(value)], to: &types, word)
            case "gen", "generation", "g":
                add(Int(value), to: &generations, word)
            case "ability", "a":
                add(vocabulary.abilities[NameFolding.fold(value)], to: &abilities, word)
            default:
                words.append(word)
            }
        }
        self.words = NameFolding.fold(words.joined(separator: " "))
        unknownFilters = unknown
    }

    /// Whether the Pokémon passes every filter.
    func admits(_ keys: SearchKeys) -> Bool {
        unknownFilters.isEmpty && types.allSatisfy(keys.types.contains)
            && generations.allSatisfy { $0 == keys.generation } && abilities.allSatisfy(keys.abilities.contains)
    }
}
