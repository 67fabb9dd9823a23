import BodyCoding
import Foundation
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing
import TextUtilities

@testable import HTTPTypes
@testable import LocalDatabase
@testable import PokedexCLI
@testable import PokedexSync

/// `show`, `type` and `ability` of every stored Pokémon, type and ability in languages of every
/// script PokeAPI has fit the terminal's columns: on the fixture (25 Pokémon, always) at several
/// widths, and on all of the real data (1,351 Pokémon) at 80 when ../shared is present. Only a
/// link, which stays whole to be copied, may be wider.
@Suite("Entry layout within the terminal's width")
struct EntryLayoutWidthTests {
    static let languages = ["en", "ja", "ja-hrkt", "ko", "zh-hans", "zh-hant", "fr", "de"]

    @Test("every fixture Pokémon, type and ability in eight languages", arguments: [50, 80, 120])
    func fixture(width: Int) throws {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("fixture.sqlite"))
        try PokedexEntryFixture.install(into: database)
        let shown = try Self.expectWithinWidth(database, languages: Self.languages, width: width)
        #expect(shown > 25 * Self.languages.count)
    }

    @Test(
        "every real Pokémon, type and ability in the CJK languages and English",
        .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
    func realData() throws {
        let database = try Self.realDatabase()
        let shown = try Self.expectWithinWidth(
            database, languages: ["en", "ja", "ja-hrkt", "ko", "zh-hant"], width: TerminalLayout.defaultWidth)
        #expect(shown > 1351 * 5)
    }

    /// Renders everything stored in each language; returns how many texts were rendered.
    static func expectWithinWidth(_ database: Database, languages: [String], width: Int) throws -> Int {
        let layout = TerminalLayout(width: width, palette: nil)
        let pokemon = try database.query("SELECT id FROM pokemon ORDER BY id") { $0.int(0) }
        let types = try database.query("SELECT name FROM type ORDER BY id") { $0.text(0) }
        let abilities = try database.query("SELECT name FROM ability ORDER BY id") { $0.text(0) }
        var shown = 0
        for language in languages {
            let queries = PokedexEntryQueries(database: database, language: language)
            func check(_ text: DisplayText, _ what: String) {
                shown += 1
                let wide = text.text.split(separator: "\n").filter {
                    TerminalColumns.of($0) > width && !$0.contains("://")
                }
                #expect(wide.isEmpty, "\(what) in \(language) at \(width): \(wide)")
            }
            for id in pokemon {
                guard let entry = try queries.entry(id: id) else { continue }
                check(EntryText.entry(entry, layout: layout), "show \(id)")
            }
            for type in types {
                check(EntryText.type(try queries.typeEntry(slug: type), layout: layout), "type \(type)")
            }
            for ability in abilities {
                check(EntryText.ability(try queries.abilityEntry(slug: ability), layout: layout), "ability \(ability)")
            }
        }
        return shown
    }

    /// The real data stored once for every test that reads it, in a directory that lives as
    /// long as the tests do.
    private static let realData:
        Result<(directory: TemporaryDirectory, path: String), RealEvolutionLineTests.StoreFailure> = {
            do {
                let directory = try TemporaryDirectory()
                let path = directory.file("real.sqlite")
                let database = try LocalStore.openForWriting(path: path)
                try storeRealData(database)
                database.close()
                return .success((directory, path))
            } catch {
                return .failure(.init(description: "\(error)"))
            }
        }()

    /// A connection of its own to the stored real data.
    static func realDatabase() throws -> Database {
        try LocalStore.openForReading(path: try realData.get().path)
    }

    /// Every real body of the five resources, stored as a sync stores it.
    static func storeRealData(_ database: Database) throws {
        let pokeapi = SharedData.directory! + "/pokeapi/"
        func forEachBody(_ file: String, _ body: (Int, Data) throws -> Void) throws {
            try SharedData.forEachLine(ofGzip: pokeapi + file + ".jsonl.gz") { line in
                let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
                try body(try #require(record["id"] as? Int), Data(try #require(record["body"] as? String).utf8))
            }
        }
        let catalog = PokemonCatalog(database: database)
        var entries: [ResourceListEntry] = []
        var details: [DownloadedDetails] = []
        try forEachBody("pokemon") { id, body in
            let url = "https://pokeapi.co/api/v2/pokemon/\(id)/"
            let response = HTTPResponse(url: URL(string: url)!, status: 200, headers: [:], body: body)
            let decoded = try JSONResponse.pokemonDetails(from: response)
            entries.append(ResourceListEntry(id: id, name: decoded.name, url: url))
            details.append(DownloadedDetails(details: decoded, body: .compressing([UInt8](body)), etag: nil))
        }
        try catalog.savePage(entries: entries, details: details)
        func store<S: ResourcePageStore>(
            _ store: S, _ file: String, name: (S.Downloaded) -> String, decode: (Int, Data) throws -> S.Downloaded
        ) throws {
            try forEachBody(file) { id, body in
                let downloaded = try decode(id, body)
                try store.beginPage(entries: [ResourceListEntry(id: id, name: name(downloaded), url: "/\(file)/\(id)/")]
                )
                try store.saveDetails(downloaded)
                try store.commitPage()
            }
        }
        try store(TypeStore(database: database), "type", name: \.fields.name) { id, body in
            .init(id: id, fields: try PokeAPIScanner.type(from: body), body: .compressing([UInt8](body)), etag: nil)
        }
        try store(AbilityStore(database: database), "ability", name: \.fields.name) { id, body in
            .init(id: id, fields: try PokeAPIScanner.ability(from: body), body: .compressing([UInt8](body)), etag: nil)
        }
        try store(SpeciesStore(database: database), "pokemon-species", name: \.fields.name) { id, body in
            .init(id: id, fields: try PokeAPIScanner.species(from: body), body: .compressing([UInt8](body)), etag: nil)
        }
        // Chains have no names.
        let unnamed: (EvolutionChainStore.Downloaded) -> String = { _ in "" }
        try store(EvolutionChainStore(database: database), "evolution-chain", name: unnamed) { id, body in
            .init(
                id: id, fields: try PokeAPIScanner.evolutionChain(from: body), body: .compressing([UInt8](body)),
                etag: nil)
        }
    }
}
