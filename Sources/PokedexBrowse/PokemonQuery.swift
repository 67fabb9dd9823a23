import PokedexStore
import TextUtilities

/// A search as typed: words, and filters `type:fire`, `gen:1`, `ability:static` and
/// `learns:thunderbolt` (in any stored language; a value with spaces quoted,
/// `learns:"solar beam"`), which every result must pass.
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
        let split = QuotedWords.split(text)
        var index = 0
        while index < split.count {
            let word = split[index]
            index += 1
            guard let colon = word.firstIndex(of: ":") else {
                words.append(word)
                continue
            }
            // `type: fire` as `type:fire`; but `Type: Null` names nothing as a filter, so it is
            // the name's words.
            var value = QuotedWords.unquoted(word[word.index(after: colon)...])
            let spaced = value.isEmpty && index < split.count
            if spaced { value = QuotedWords.unquoted(split[index]) }
            func add<Value>(_ found: Value?, to list: inout [Value]) {
                if let found {
                    list.append(found)
                    if spaced { index += 1 }
                } else if spaced {
                    words += [word, split[index]]
                    index += 1
                } else {
                    unknown.append(String(word))
                }
            }
            switch word[..<colon].lowercased() {
            case "type", "t": add(vocabulary.type(String(value)), to: &types)
            case "gen", "generation", "g": add(Int(value), to: &generations)
            case "ability", "a": add(vocabulary.ability(String(value)), to: &abilities)
            case "learns", "l": add(try learners(String(value)), to: &self.learners)
            default: words.append(word)
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
