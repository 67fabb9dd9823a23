import PokedexBrowse
import Testing

@Suite("Pokémon search")
struct PokemonSearchTests {
    let source = FakeBrowseSource()
    let catalog = try! FakeBrowseSource().catalog()

    func query(_ text: String) throws -> PokemonQuery {
        try PokemonQuery(text, vocabulary: catalog.vocabulary) { move in
            try source.moveSlug(move).map(source.learners(ofMove:))
        }
    }

    func names(_ text: String) throws -> [String] {
        (PokemonSearch.results(for: try query(text), in: catalog) ?? []).map { catalog.rows[$0].name }
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
        // Words folding leaves nothing of match nothing, not everything.
        ("!!!", []), ("🔥", []), ("!!! type:fire", []),
        // A move, by slug or name in any language: the Pokémon that learn it, with words and filters.
        ("learns:thunderbolt", ["Pikachu", "Raichu", "Pichu"]),
        ("learns:Donnerblitz", ["Pikachu", "Raichu", "Pichu"]),
        ("l:10まんボルト rai", ["Raichu"]),
        ("learns:thunderbolt gen:2", ["Pichu"]),
        ("learns:flamethrower type:fire", ["Charmander"]),
        ("learns:flamethrower type:electric", []),
        ("learns:thunderbolt learns:flamethrower", []),
        ("pika learns:nope", []),
    ]

    @Test("ranking and filters", arguments: rankings)
    func ranks(_ example: (query: String, names: [String])) throws {
        #expect(try names(example.query) == example.names)
    }

    @Test("filter words parse into filters; unknown keys stay words")
    func parsing() throws {
        let query = try query("Pika type:Elektro g:1 a:static foo:bar")
        #expect(query.words.hasPrefix("pika"))
        #expect(query.types == ["electric"])
        #expect(query.generations == [1])
        #expect(query.abilities == ["static"])
        #expect(query.unknownFilters.isEmpty)
        #expect(try self.query("type:nope").unknownFilters == ["type:nope"])
    }

    static let spacedFilters: [(text: String, types: [String], unknown: [String], words: String)] = [
        ("type: fire", ["fire"], [], ""),
        ("T: Elektro pika", ["electric"], [], "pika"),
        // A value that names no type: the words of a name (Type: Null), not a filter.
        ("Type: Null", [], [], "type-null"),
        ("type:", [], ["type:"], ""),
        ("type:null", [], ["type:null"], ""),
        // A value with spaces, quoted.
        (#"type:"Elektro" pika"#, ["electric"], [], "pika"),
        (#"t: "fire""#, ["fire"], [], ""),
    ]

    @Test("a filter's value may follow its colon after a space; one naming nothing is words", arguments: spacedFilters)
    func spacedFilter(_ example: (text: String, types: [String], unknown: [String], words: String)) throws {
        let query = try query(example.text)
        #expect(query.types == example.types)
        #expect(query.unknownFilters == example.unknown)
        #expect(query.words == example.words)
    }

    @Test("a quoted value keeps its spaces: a move named in two words")
    func quotedValue() throws {
        source.moves["solar-beam"] = (["Solar Beam"], [4])
        let quoted = try query(#"learns:"solar beam""#)
        #expect(quoted.learners == [[4]] && quoted.unknownFilters.isEmpty && quoted.words.isEmpty)
        let spaced = try query(#"l: "Solar Beam" char"#)
        #expect(spaced.learners == [[4]] && spaced.words == "char")
    }

    static let moveFilters: [(text: String, learners: [Set<Int>], unknown: [String], words: String)] = [
        ("learns:thunderbolt", [[25, 26, 172]], [], ""),
        ("L:DONNERBLITZ pika", [[25, 26, 172]], [], "pika"),
        ("learns:ｆｌａｍｍｅｎｗｕｒｆ", [[4]], [], ""),
        ("learns:nope", [], ["learns:nope"], ""),
        ("learns:", [], ["learns:"], ""),
        (#"learns:"10まんボルト" pika"#, [[25, 26, 172]], [], "pika"),
    ]

    @Test(
        "learns: takes a move's slug or its name in any language, folded; a move not stored is unknown",
        arguments: moveFilters)
    func moveParsing(_ example: (text: String, learners: [Set<Int>], unknown: [String], words: String)) throws {
        let query = try query(example.text)
        #expect(query.learners == example.learners)
        #expect(query.unknownFilters == example.unknown)
        #expect(query.words == example.words)
    }

    @Test("a cancelled search stops and returns nothing")
    func cancelled() throws {
        #expect(PokemonSearch.results(for: try query("pi"), in: catalog, isCancelled: { true }) == nil)
    }
}
