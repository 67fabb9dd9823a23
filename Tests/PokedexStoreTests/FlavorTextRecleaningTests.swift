import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

/// A database synced before the cleaning joined Chinese, Japanese and hyphenated line breaks
/// gets its flavor texts cleaned again from its stored bodies when a sync opens it: nothing
/// downloaded, and nothing left to do on the next open.
@Suite("Flavor texts cleaned again in existing databases")
struct FlavorTextRecleaningTests {
    /// Pikachu's body as PokeAPI gives it (three of its texts, real), stored with the texts as
    /// the cleaning before migration 0013 left them; a species whose body is not JSON (stored
    /// by hand) keeps its texts.
    static let before = #"""
        INSERT INTO pokemon_species (id, name, url, listed_at) VALUES (25, 'pikachu', 'u', 't'), (26, 'raichu', 'u', 't');
        INSERT INTO pokemon_species_json (species_id, etag, fetched_at, body) VALUES
            (25, NULL, 't', '{"id":25,"name":"pikachu","flavor_text_entries":[
                {"flavor_text":"皮卡丘們把尾巴\n貼在一起交換電流，\n其實是在互相打招呼。","language":{"name":"zh-hant","url":"u"},"version":{"name":"shield","url":"u"}},
                {"flavor_text":"おたがいの\u3000しっぽを\u3000くっつけて\n電気を","language":{"name":"ja","url":"u"},"version":{"name":"shield","url":"u"}},
                {"flavor_text":"It may blow out bluish-\nwhite flames.","language":{"name":"en","url":"u"},"version":{"name":"red","url":"u"}},
                {"flavor_text":"A later bluish-\nwhite text for red.","language":{"name":"en","url":"u"},"version":{"name":"red","url":"u"}}]}'),
            (26, NULL, 't', 'not JSON: stored by hand');
        INSERT INTO pokemon_species_flavor_text (species_id, language, version, position, text) VALUES
            (25, 'zh-hant', 'shield', 1, '皮卡丘們把尾巴 貼在一起交換電流， 其實是在互相打招呼。'),
            (25, 'ja', 'shield', 2, 'おたがいの　しっぽを　くっつけて 電気を'),
            (25, 'en', 'red', 3, 'A later bluish- white text for red.'),
            (26, 'en', 'red', 1, 'Kept as it is.');
        """#

    func texts(_ database: Database) throws -> [String] {
        try database.query(
            "SELECT species_id || ' ' || language || ' ' || text FROM pokemon_species_flavor_text ORDER BY species_id, position"
        ) { $0.text(0) }
    }

    @Test("texts cleaned again from the stored bodies, the last text of a (language, version) kept")
    func recleans() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("before-0013.sqlite")
        let old = try Database(path: path)
        let all = try Migrator.embedded().migrations
        let recleaning = try #require(all.firstIndex { $0.name.hasSuffix("_reclean_flavor_texts") })
        try Migrator(migrations: Array(all[..<recleaning])).migrate(old)
        try old.execute(Self.before)
        old.close()

        let database = try LocalStore.openForWriting(path: path, upkeep: PokedexUpkeep.run)
        #expect(
            try texts(database) == [
                "25 zh-hant 皮卡丘們把尾巴貼在一起交換電流，其實是在互相打招呼。", "25 ja おたがいの　しっぽを　くっつけて　電気を",
                "25 en A later bluish-white text for red.", "26 en Kept as it is.",
            ])
        #expect(
            try database.queryFirst("SELECT count(*) FROM pokemon_species_flavor_text_to_reclean") { $0.int(0) } == 0)
        database.close()

        // Cleaned once: a text changed afterwards (as by a sync) is not cleaned again.
        let again = try LocalStore.openForWriting(path: path, upkeep: PokedexUpkeep.run)
        try again.run(
            "UPDATE pokemon_species_flavor_text SET text = 'synced since' WHERE species_id = 25 AND language = 'en'")
        again.close()
        let third = try LocalStore.openForWriting(path: path, upkeep: PokedexUpkeep.run)
        #expect(try texts(third).contains("25 en synced since"))
        third.close()
    }
}
