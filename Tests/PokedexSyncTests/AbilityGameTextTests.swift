import BodyCoding
import Foundation
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexSync

/// An ability's game texts: kept from its body, and shown where PokeAPI has no effect in the
/// display language (it gives effects in English, German and French only).
@Suite("Abilities' game texts")
struct AbilityGameTextTests {
    let directory: TemporaryDirectory
    let database: Database

    /// Static (9) with an effect in English and German, and game texts of two games in Japanese.
    static let body = """
        {"id":9,"name":"static","is_main_series":true,"generation":{"name":"generation-iii","url":"u"},\
        "names":[{"language":{"name":"en","url":"u"},"name":"Static"},\
        {"language":{"name":"ja","url":"u"},"name":"せいでんき"}],\
        "effect_entries":[{"effect":"Long.","short_effect":"Paralyzes on contact.","language":{"name":"en","url":"u"}},\
        {"effect":"Lang.","short_effect":"Lähmt bei Kontakt.","language":{"name":"de","url":"u"}}],\
        "flavor_text_entries":[\
        {"flavor_text":"ふるい　せつめい。","language":{"name":"ja","url":"u"},"version_group":{"name":"sun-moon","url":"u"}},\
        {"flavor_text":"あたらしい　せつめい。","language":{"name":"ja","url":"u"},"version_group":{"name":"sword-shield","url":"u"}},\
        {"flavor_text":"English text.","language":{"name":"en","url":"u"},"version_group":{"name":"sun-moon","url":"u"}}]}
        """

    init() throws {
        (directory, database) = try PokedexEntryFixture.installedDatabase()
        try database.run(
            "INSERT INTO version_group VALUES (17, 'sun-moon', 'generation-vii', 17), "
                + "(20, 'sword-shield', 'generation-viii', 20)")
        let fields = try PokeAPIScanner.ability(from: Data(Self.body.utf8))
        let store = AbilityStore(database: database)
        try store.beginPage(entries: [
            ResourceListEntry(id: 9, name: "static", url: "https://pokeapi.co/api/v2/ability/9/")
        ])
        try store.saveDetails(
            DownloadedResource(id: 9, fields: fields, body: .compressing(Array(Self.body.utf8)), etag: nil))
        try store.commitPage()
    }

    func storedTexts() throws -> [String] {
        try database.query(
            "SELECT language || ' ' || version_group || ' ' || text FROM pokeapi_flavor_text "
                + "WHERE kind = 'ability' AND id = 9 ORDER BY 1"
        ) { $0.text(0) }
    }

    @Test("a body's game texts are kept per game and language, and read again from an older database's body")
    func kept() throws {
        let expected = [
            "en sun-moon English text.", "ja sun-moon ふるい　せつめい。", "ja sword-shield あたらしい　せつめい。",
        ]
        #expect(try storedTexts() == expected)
        // A database from before migration 0033 has the body and none of its texts.
        try database.run("DELETE FROM pokeapi_flavor_text WHERE kind = 'ability'")
        try database.run("INSERT INTO pokeapi_typing_pending (kind, id) VALUES ('ability', 9)")
        try TypedBodyRescan.run(database)
        #expect(try storedTexts() == expected)
        #expect(try database.queryFirst("SELECT count(*) FROM pokeapi_typing_pending") { $0.int(0) } == 0)
        #expect(
            try database.queryFirst("SELECT count(*) FROM pokeapi_name WHERE kind = 'ability'") { $0.int(0) } == 0,
            "its names keep to ability_name")
    }

    @Test(
        "show's ability line: the effect in the language, else its newest game text there, else the English effect",
        arguments: [
            ("ja", "あたらしい　せつめい。"), ("ja-hrkt", "あたらしい　せつめい。"), ("de", "Lähmt bei Kontakt."),
            ("en", "Paralyzes on contact."), ("ko", "Paralyzes on contact."),
        ])
    func entryLine(language: String, expected: String) throws {
        let entry = try #require(try PokedexEntryQueries(database: database, language: language).entry(id: 25))
        #expect(entry.abilities.first { $0.name == "static" }?.shortEffect == expected)
    }

    @Test("ability shows the game text in the language, else English, of the newest game that has one")
    func abilityEntry() throws {
        let japanese = try PokedexEntryQueries(database: database, language: "ja").abilityEntry(slug: "static")
        #expect(japanese.gameText?.text == "あたらしい　せつめい。" && japanese.gameText?.versionGroup == "sword-shield")
        let kana = try PokedexEntryQueries(database: database, language: "ja-hrkt").abilityEntry(slug: "static")
        #expect(kana.gameText?.text == "あたらしい　せつめい。", "Japanese in its other script, not English")
        let english = try PokedexEntryQueries(database: database, language: "en").abilityEntry(slug: "static")
        #expect(english.gameText?.text == "English text." && english.gameText?.versionGroup == "sun-moon")
        #expect(english.shortEffect == "Paralyzes on contact.")
    }
}
