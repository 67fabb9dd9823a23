import BodyCoding
import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

@Suite("Pokémon image store")
struct PokemonImageStoreTests {
    let directory: TemporaryDirectory
    let database: Database
    let images: PokemonImageStore

    /// Bytes a text column would cut or change: NUL, invalid UTF-8, a PNG's signature.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE, 0x00, 0x7F]

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("images.sqlite"))
        images = PokemonImageStore(database: database)
        let catalog = PokemonCatalog(database: database)
        for (id, sprite, shiny, official) in [
            (1, "http://img/1.png", "http://img/shiny/1.png", "http://img/art/1.png"),
            (2, "http://img/2.png", nil, nil), (3, nil, nil, nil),
        ] as [(Int, String?, String?, String?)] {
            let details = PokemonDetails(
                id: id, name: "mon-\(id)", height: 1, weight: 1, baseExperience: 1, order: id, speciesName: nil,
                types: ["normal"], abilities: [], stats: [], officialArtworkURL: official, spriteURL: sprite,
                shinySpriteURL: shiny)
            try catalog.savePage(
                entries: [ResourceListEntry(id: id, name: "mon-\(id)", url: "http://api/pokemon/\(id)/")],
                details: [DownloadedDetails(details: details, body: .compressing(Array("{}".utf8)), etag: nil)])
        }
    }

    func downloaded(_ id: Int, _ kind: ImageKind, url: String, etag: String? = "\"e1\"") -> DownloadedImage {
        DownloadedImage(pokemonID: id, kind: kind, url: url, etag: etag, contentType: "image/png", body: Self.png)
    }

    func store(_ images: [DownloadedImage]) throws {
        try self.images.beginBatch()
        for image in images { try self.images.store(image) }
        try self.images.commitBatch()
    }

    @Test("the images the bodies link, per kind, in id order; null URLs are no image")
    func wantedLinks() throws {
        let wanted = try images.wanted(kinds: ImageKind.allCases, pokemonIDs: nil, maximumAgeSeconds: 3_600)
        #expect(
            wanted.map { "\($0.pokemonID) \($0.kind.rawValue) \($0.url)" } == [
                "1 sprite http://img/1.png", "2 sprite http://img/2.png", "1 shiny http://img/shiny/1.png",
                "1 official http://img/art/1.png",
            ])
        #expect(wanted.allSatisfy { $0.etag == nil && !$0.isFresh })
        #expect(
            try images.wanted(kinds: [.sprite], pokemonIDs: [2, 3], maximumAgeSeconds: nil).map(\.pokemonID) == [2])
    }

    @Test("a stored image is fresh within --max-age, revalidated with its ETag after, refetched when its URL changes")
    func freshness() throws {
        try store([downloaded(1, .sprite, url: "http://img/1.png"), downloaded(2, .sprite, url: "http://img/old.png")])
        let fresh = try images.wanted(kinds: [.sprite], pokemonIDs: nil, maximumAgeSeconds: 3_600)
        #expect(fresh.map(\.isFresh) == [true, false], "2's body now links another URL")
        #expect(fresh.map(\.etag) == ["\"e1\"", nil])
        try database.run("UPDATE pokemon_image SET fetched_at = '2020-01-01T00:00:00Z'")
        let stale = try images.wanted(kinds: [.sprite], pokemonIDs: nil, maximumAgeSeconds: 3_600)
        #expect(stale.map(\.isFresh) == [false, false] && stale[0].etag == "\"e1\"")
        #expect(try images.wanted(kinds: [.sprite], pokemonIDs: nil, maximumAgeSeconds: nil).allSatisfy { !$0.isFresh })
        try images.beginBatch()
        try images.confirm(pokemonID: 1, kind: .sprite)
        try images.commitBatch()
        #expect(try images.wanted(kinds: [.sprite], pokemonIDs: [1], maximumAgeSeconds: 3_600).first?.isFresh == true)
    }

    @Test("a 404 is remembered without a body until --max-age passes, and replaces a stored image")
    func missing() throws {
        try store([downloaded(1, .official, url: "http://img/art/1.png")])
        try images.beginBatch()
        try images.markMissing(pokemonID: 1, kind: .official, url: "http://img/art/1.png")
        try images.commitBatch()
        let wanted = try #require(try images.wanted(kinds: [.official], pokemonIDs: nil, maximumAgeSeconds: 60).first)
        #expect(wanted.isFresh && wanted.etag == nil)
        #expect(try images.body(pokemonID: 1, kind: .official) == nil)
        let state = try #require(try images.states(pokemonID: 1).first { $0.kind == .official })
        #expect(state.isMissing && !state.isStored && state.linkedURL == "http://img/art/1.png")
        try database.run("UPDATE pokemon_image SET fetched_at = '2020-01-01T00:00:00Z'")
        #expect(try images.wanted(kinds: [.official], pokemonIDs: nil, maximumAgeSeconds: 60).first?.isFresh == false)
    }

    @Test("bytes come back exactly; states, counts and the view say what is stored")
    func readBack() throws {
        try store([
            downloaded(1, .sprite, url: "http://img/1.png"), downloaded(1, .shiny, url: "http://img/shiny/1.png"),
        ])
        #expect(try images.body(pokemonID: 1, kind: .sprite) == Self.png)
        #expect(try images.body(pokemonID: 2, kind: .sprite) == nil)
        let states = try images.states(pokemonID: 1)
        #expect(states.map(\.kind) == ImageKind.allCases)
        #expect(states.map(\.byteSize) == [Self.png.count, Self.png.count, nil])
        #expect(try images.states(pokemonID: 3).allSatisfy { $0.linkedURL == nil && !$0.isStored })
        let counts = Dictionary(uniqueKeysWithValues: try images.counts())
        #expect(counts["sprite_images"] == 1 && counts["sprite_bytes"] == Self.png.count)
        #expect(counts["shiny_images"] == 1 && counts["official_images"] == 0 && counts["missing"] == 0)
        #expect(
            try database.query("SELECT name, kind, byte_size FROM pokemon_image_stored ORDER BY kind DESC") {
                "\($0.text(0)) \($0.text(1)) \($0.int(2))"
            } == ["mon-1 sprite 13", "mon-1 shiny 13"])
    }

    @Test("an image whose body no longer links one is deleted")
    func unlinked() throws {
        try store([downloaded(2, .sprite, url: "http://img/2.png")])
        try database.run("UPDATE pokemon SET sprite_url = NULL WHERE id = 2")
        try images.deleteUnlinked(kinds: [.shiny])
        #expect(try images.body(pokemonID: 2, kind: .sprite) != nil, "only the kinds asked for")
        try images.deleteUnlinked(kinds: [.sprite])
        #expect(try images.body(pokemonID: 2, kind: .sprite) == nil)
    }

    @Test("the schema refuses a stored image without a body, or a size that is not the body's")
    func constraints() throws {
        #expect(throws: DatabaseError.self) {
            try database.run(
                "INSERT INTO pokemon_image (pokemon_id, kind, url, status, fetched_at) VALUES (1, 'sprite', 'u', 'stored', 't')"
            )
        }
        #expect(throws: DatabaseError.self) {
            try database.run(
                """
                INSERT INTO pokemon_image (pokemon_id, kind, url, status, byte_size, fetched_at, body)
                VALUES (1, 'sprite', 'u', 'stored', 99, 't', x'89')
                """)
        }
    }

    @Test("a database synced before images existed gets its sprite URLs from the stored bodies, no download")
    func spriteURLsFromStoredBodies() throws {
        let old = try Database(path: directory.file("before-images.sqlite"))
        let all = try Migrator.embedded().migrations
        let images = try #require(all.firstIndex { $0.name == "0010_create_pokemon_image" })
        try Migrator(migrations: Array(all[..<images])).migrate(old)
        try old.execute(
            """
            INSERT INTO pokemon (id, name, url, listed_at) VALUES (1, 'a', 'u', 't'), (2, 'b', 'u', 't'), (3, 'c', 'u', 't');
            INSERT INTO pokemon_detail_json VALUES
                (1, NULL, 't', '{"sprites":{"front_default":"http://img/1.png","front_shiny":"http://img/s/1.png"}}'),
                (2, NULL, 't', '{"sprites":{"front_default":7,"front_shiny":null}}'),
                (3, NULL, 't', 'not JSON: stored by hand');
            """)
        try Migrator(migrations: all).migrate(old)
        #expect(
            try old.query("SELECT coalesce(sprite_url, '-'), coalesce(shiny_sprite_url, '-') FROM pokemon ORDER BY id")
            {
                "\($0.text(0)) \($0.text(1))"
            } == ["http://img/1.png http://img/s/1.png", "- -", "- -"])
    }
}
