import PokedexStore

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
