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

/// The slugs that types' and abilities' names in every language mean, for the filters. Names
/// are folded when a filter asks, not when the app starts: most searches have no filter, and
/// folding every ability's name in every language took a fifth of the start.
public struct SearchVocabulary: Equatable, Sendable {
    struct Name: Equatable, Sendable {
        let slug: String
        let name: String
    }

    let types: [Name]
    let abilities: [Name]

    /// Each slug with each of its names.
    public init(types: [(slug: String, name: String)] = [], abilities: [(slug: String, name: String)] = []) {
        self.types = types.map(Name.init)
        self.abilities = abilities.map(Name.init)
    }

    func type(_ text: String) -> String? { Self.slug(text, among: types) }

    func ability(_ text: String) -> String? { Self.slug(text, among: abilities) }

    /// The slug `text` is, or names in some language, folded.
    private static func slug(_ text: String, among names: [Name]) -> String? {
        let folded = NameFolding.fold(text)
        return names.first { $0.slug == folded }?.slug ?? names.first { NameFolding.fold($0.name) == folded }?.slug
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
                add(vocabulary.type(value), to: &types, word)
            case "gen", "generation", "g":
                add(Int(value), to: &generations, word)
            case "ability", "a":
                add(vocabulary.ability(value), to: &abilities, word)
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
