import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

@Suite("Looking Pokémon up by name in any language")
struct PokemonLookupTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        try PokedexEntryFixture.install(into: database)
        // Names that collide across languages: the fixture's real names never do once folded,
        // so two are added as a later game might: "Glurak" in English for Scyther.
        try database.execute(
            """
            INSERT INTO pokemon_species_name (species_id, language, name) VALUES (123, 'xx', 'Glurak')
            ON CONFLICT DO UPDATE SET name = excluded.name;
            """)
    }

    func lookup(_ query: String, language: String = "en") throws -> PokedexEntryQueries.Lookup {
        try PokedexEntryQueries(database: database, language: language).lookup(query)
    }

    /// Queries and the Pokémon each must find (nil: none).
    static let names: [(String, Int?)] = [
        ("25", 25), ("pikachu", 25), ("Pikachu", 25), ("ピカチュウ", 25), ("ぴかちゅう", 25), ("ﾋﾟｶﾁｭｳ", 25),
        ("ｐｉｋａｃｈｕ", 25), ("ＰＩＫＡＣＨＵ", 25), ("피카츄", 25), ("皮卡丘", 25), ("Glurak", 6), ("Dracaufeu", 6),
        ("リザードン", 6), ("りざーどん", 6), ("噴火龍", 6), ("Évoli", 133), ("evoli", 133), ("イーブイ", 133),
        ("Nidoran♀", 29), ("nidoran-m", 32), ("ニドラン♂", 32), ("Caninchen", nil), ("Mauzi", 52),
        ("Ｍｅｏｗｔｈ", 52), ("  meowth ", 52),
    ]

    @Test(
        "ids, slugs and names in many languages and scripts; names stored before 0009, not yet folded",
        arguments: names)
    func finds(query: String, id: Int?) throws {
        // As a database synced before 0009 holds them: the sync folds the names it stores.
        try database.execute("UPDATE pokemon_species_name SET folded_name = NULL")
        #expect(
            try database.queryFirst("SELECT count(*) FROM pokemon_species_name WHERE folded_name IS NULL") { $0.int(0) }
                ?? 0 > 0)
        try expectFinds(query, id)
    }

    @Test("the same names through the folded-name index, once a sync has folded them", arguments: names)
    func findsThroughTheIndex(query: String, id: Int?) throws {
        try SpeciesStore(database: database).foldUnfoldedNames()
        #expect(
            try database.queryFirst("SELECT count(*) FROM pokemon_species_name WHERE folded_name IS NULL") { $0.int(0) }
                == 0)
        let folded = try database.queryFirst(
            "SELECT folded_name FROM pokemon_species_name WHERE species_id = 25 AND language = 'ja-hrkt'"
        ) { $0.optionalText(0) }
        #expect(folded == NameFolding.fold("ピカチュウ"))
        try expectFinds(query, id)
    }

    func expectFinds(_ query: String, _ id: Int?) throws {
        let result = try lookup(query)
        if let id {
            guard case .found(let found, _) = result else {
                Issue.record("\(query): \(result)")
                return
            }
            #expect(found == id, "\(query)")
        } else if case .found = result {
            Issue.record("\(query) found something")
        }
    }

    @Test("a name that means two Pokémon: the display language wins, then English; the other is listed")
    func collisions() throws {
        // 'Glurak' is Charizard in German and (added above) Scyther in 'xx'.
        guard case .found(let english, let others) = try lookup("glurak") else {
            Issue.record("not found")
            return
        }
        #expect(english == 6 && others.map(\.pokemon) == ["scyther"] && others[0].languages == ["xx"])
        guard case .found(let xx, let othersXX) = try lookup("glurak", language: "xx") else {
            Issue.record("not found")
            return
        }
        #expect(xx == 123 && othersXX.map(\.pokemon) == ["charizard"])
    }

    @Test(
        "near misses suggest display names, or names of other languages when nothing else is near",
        arguments: [
            ("pikachuu", "Pikachu"), ("Glurack", "Glurak"), ("ピカチュ", "ピカチュウ"), ("Dracofeu", "Dracaufeu"),
            ("evee", "Eevee"),
        ])
    func suggestions(query: String, suggested: String) throws {
        guard case .notFound(let suggestions) = try lookup(query) else {
            Issue.record("\(query) was found")
            return
        }
        #expect(suggestions.contains(suggested), "\(query): \(suggestions)")
    }

    @Test(
        "folding: width, kana, case, accents, punctuation",
        arguments: [
            ("ぴかちゅう", "ピカチュウ"), ("ﾋﾟｶﾁｭｳ", "ピカチュウ"), ("ｶﾞﾗｶﾞﾗ", "ガラガラ"), ("ＡＢＣ１２", "abc12"),
            ("Flabébé", "flabebe"), ("Mr. Mime", "mr-mime"), ("Пикачу", "пикачу"), ("タイプ：ヌル", "タイプ-ヌル"),
            ("ヴ", "ヴ"), ("う\u{3099}", "ヴ"),
        ])
    func folding(text: String, folded: String) {
        #expect(NameFolding.fold(text) == folded)
    }
}
