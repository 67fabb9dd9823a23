import PokedexStore

/// A search as typed: words, and filters `type:fire`, `gen:1`, `ability:static` and
/// `learns:thunderbolt` (in any stored language), which every result must pass.
public struct PokemonQuery: Equatable, Sendable {
    /// The words, folded and joined: what names are compared with.
    public var words = ""
    /// The number typed (`25`, `#25`): that Pokémon ranks first.
    public var id: Int?
    public var types: [String] = []
    public var generations: [Int] = []
    public var abilities: [String] = []
    /// Each `learns:` move's learners, by Pokémon id: read as the text is parsed, on the loop's
    /// thread, because the search runs on another, which may not read the database.
    public var learners: [Set<Int>] = []
    /// Filters that name nothing stored (`type:nope`): they match nothing.
    public var unknownFilters: [String] = []

    /// `text` parsed; `learners` gives the ids of the Pokémon that learn the move a `learns:`
    /// value names, nil when no stored move is named so.
    public init(
        _ text: String, vocabulary: SearchVocabulary, learners: (String) throws -> Set<Int>?
    ) rethrows {
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
            case "learns", "l":
                add(try learners(value), to: &self.learners, word)
            default:
                words.append(word)
            }
        }
        let typed = words.joined(separator: " ")
        // Words with nothing folding leaves (`!!!`, `🔥`) are compared as typed: they match no
        // name, rather than, folded to nothing, every one.
        let folded = NameFolding.fold(typed)
        self.words = folded.isEmpty ? typed.lowercased() : folded
        id = Int(text.trimmingPrefix("#").filter { !$0.isWhitespace })
        unknownFilters = unknown
    }

    /// Whether the Pokémon passes every filter.
    func admits(_ row: PokemonRow) -> Bool {
        let keys = row.keys
        return unknownFilters.isEmpty && types.allSatisfy(keys.types.contains)
            && generations.allSatisfy { $0 == keys.generation } && abilities.allSatisfy(keys.abilities.contains)
            && learners.allSatisfy { $0.contains(row.id) }
    }
}
