import PokedexBrowse
import Testing

@Suite("Pokémon search")
struct PokemonSearchTests {
    let catalog = try! FakeBrowseSource().catalog()

    func names(_ text: String) -> [String] {
        (PokemonSearch.results(for: text, in: catalog) ?? []).map { catalog.rows[$0].name }
    }

    static let rankings: [(query: String, names: [String])] = [
        ("", ["Pikachu", "Raichu", "Charmander", "Pichu", "Mr. Mime"]),
        // Exact first, then the names that start with it, then those holding it.
        // Exact, then near spellings (two edits at most: Pikachu, Raichu).
        ("pichu", ["Pichu", "Pikachu", "Raichu"]),
        ("pi", ["Pikachu", "Pichu"]),
        ("chu", ["Pikachu", "Raichu", "Pichu"]),
        ("raichu", ["Raichu", "Pichu"]),
        // Any language, folded: kana, case, accents, width.
        ("ぴかちゅう", ["Pikachu", "Raichu", "Pichu"]),
        ("ＰＩＫＡ", ["Pikachu"]),
        ("glumanda", ["Charmander"]),
        ("mr mime", ["Mr. Mime"]),
        ("mrmime", ["Mr. Mime"]),
        // Close spellings last.
        ("pikachuu", ["Pikachu"]),
        ("charmandr", ["Charmander"]),
        ("#25", ["Pikachu"]),
        // Filters, in any language, combine with words.
        ("type:electric", ["Pikachu", "Raichu", "Pichu"]),
        ("type:feuer", ["Charmander"]),
        ("gen:2", ["Pichu"]),
        ("type:electric gen:1", ["Pikachu", "Raichu"]),
        ("ability:statik rai", ["Raichu"]),
        ("type:fairy type:psychic", ["Mr. Mime"]),
        ("type:nope", []),
        ("zzzz", []),
    ]

    @Test("ranking and filters", arguments: rankings)
    func ranks(_ example: (query: String, names: [String])) {
        #expect(names(example.query) == example.names)
    }

    @Test("filter words parse into filters; unknown keys stay words")
    func parsing() {
        let query = PokemonQuery("Pika type:Elektro g:1 a:static foo:bar", vocabulary: catalog.vocabulary)
        #expect(query.words.hasPrefix("pika"))
        #expect(query.types == ["electric"])
        #expect(query.generations == [1])
        #expect(query.abilities == ["static"])
        #expect(query.unknownFilters.isEmpty)
        #expect(PokemonQuery("type:nope", vocabulary: catalog.vocabulary).unknownFilters == ["type:nope"])
    }

    @Test("a cancelled search stops and returns nothing")
    func cancelled() {
        #expect(PokemonSearch.results(for: "pi", in: catalog, isCancelled: { true }) == nil)
    }
}
