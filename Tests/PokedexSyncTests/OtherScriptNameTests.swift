import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexSync

/// Names in the display language, else in the other script PokeAPI writes that language in
/// (Japanese kana and kanji, Spanish of Spain and of Latin America, simplified and traditional
/// Chinese), else English: PokeAPI names egg groups and versions in Japanese only as `ja-hrkt`.
@Suite("Names in the language's other script")
struct OtherScriptNameTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        (directory, database) = try PokedexEntryFixture.installedDatabase()
        let names = TypedBodyTests.names
        try database.storeBody(
            "egg-group", 5, "ground",
            #"{"id":5,"name":"ground","names":"# + names([("en", "Field"), ("ja-hrkt", "りくじょう")]) + "}")
        try database.storeBody(
            "item", 17, "potion",
            #"{"id":17,"name":"potion","names":"# + names([("en", "Potion"), ("es-419", "Poción")]) + "}")
        try database.storeBody(
            "version", 40, "scarlet",
            #"{"id":40,"name":"scarlet","version_group":{"name":"scarlet-violet","url":"u"},"names":"#
                + names([("en", "Scarlet"), ("ja-hrkt", "スカーレット"), ("ja", "スカーレット漢")]) + "}")
        try database.storeBody(
            "version", 41, "violet",
            #"{"id":41,"name":"violet","version_group":{"name":"scarlet-violet","url":"u"},"names":"#
                + names([("en", "Violet"), ("ja-hrkt", "バイオレット")]) + "}")
        try database.storeBody(
            "move", 893, "make-it-rain",
            #"{"id":893,"name":"make-it-rain","names":"# + names([("en", "Make It Rain"), ("zh-hant", "淘金潮")]) + "}")
        try TypedBodyRescan.run(database)
    }

    @Test(
        "the display language, else its other script, else English",
        arguments: [
            ("ja", "egg-group", "ground", "りくじょう"), ("ja-hrkt", "egg-group", "ground", "りくじょう"),
            ("de", "egg-group", "ground", "Field"), ("es", "item", "potion", "Poción"),
            ("fr", "item", "potion", "Potion"), ("ja", "version", "scarlet", "スカーレット漢"),
            ("ja-hrkt", "version", "scarlet", "スカーレット"), ("zh-hans", "move", "make-it-rain", "淘金潮"),
            ("ko", "move", "make-it-rain", "Make It Rain"),
        ])
    func storedName(language: String, kind: String, slug: String, expected: String) throws {
        let queries = PokedexEntryQueries(database: database, language: language)
        #expect(try queries.storedName(kind: kind, slug: slug) == expected)
        #expect(try queries.displayNames(kind: kind)[slug] == expected)
    }

    @Test("a game's name too, version by version")
    func gameName() throws {
        let names = try PokedexEntryQueries(database: database, language: "ja").versionGroupDisplayNames()
        #expect(names("scarlet-violet") == "スカーレット漢/バイオレット")
        let kana = try PokedexEntryQueries(database: database, language: "ja-hrkt").versionGroupDisplayNames()
        #expect(kana("scarlet-violet") == "スカーレット/バイオレット")
    }
}
