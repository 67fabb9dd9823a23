import Foundation
import PokedexStore
import TestSupport
import Testing
@testable import PokedexSync

/// The production decoders and store over all 1,351 real PokeAPI detail bodies in
/// `../shared/data/pokeapi`. Skipped when that folder is absent (a user's clone).
@Suite("Real PokeAPI data", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealDataTests {
    @Test("every real list entry's URL gives its id")
    func listURLs() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.directory! + "/pokeapi/pokemon-list.json"))
        let list = try JSONDecoder().decode(PokemonListPage.self, from: data)
        #expect(list.results.count == 1351)
        var ids = Set<Int>()
        for entry in list.results { ids.insert(try PokemonResource.id(fromURL: entry.url)) }
        #expect(ids.count == 1351 && ids.contains(25) && ids.contains(10001) && ids.max() == 10326)
    }

    @Test("all real detail bodies decode and store with the right id and artwork")
    func allDetails() throws {
        let directory = try TemporaryDirectory()
        let catalog = PokemonCatalog(database: try LocalStore.openForWriting(path: directory.file("real.sqlite")))
        var expectedArtwork: [Int: String?] = [:]
        var batch: [(PokemonListEntry, DownloadedDetails)] = []
        func flush() throws {
            try catalog.savePage(entries: batch.map(\.0), details: batch.map(\.1))
            batch.removeAll()
        }
        try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/pokemon.jsonl.gz") { line in
            let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            let id = try #require(record["id"] as? Int)
            let body = Data(try #require(record["body"] as? String).utf8)
            let url = URL(string: "https://pokeapi.co/api/v2/pokemon/\(id)/")!
            let response = HTTPResponse(url: url, status: 200, headers: [:], body: body)
            let decoded = try JSONResponse.decode(PokemonDetailBody.self, from: response)
            #expect(decoded.id == id)
            #expect(decoded.name == record["name"] as? String)
            // An independent reading of the artwork field, to check the lean decoder against.
            let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            let other = (raw["sprites"] as? [String: Any])?["other"] as? [String: Any]
            expectedArtwork[id] = (other?["official-artwork"] as? [String: Any])?["front_default"] as? String
            batch.append((PokemonListEntry(id: id, name: decoded.name, url: url.absoluteString),
                          DownloadedDetails(details: decoded.details, body: [UInt8](body), etag: nil)))
            if batch.count == 100 { try flush() }
        }
        try flush()

        #expect(expectedArtwork.count == 1351)
        #expect(try catalog.count() == 1351)
        var derived = 0
        for (id, official) in expectedArtwork {
            let summary = try #require(try catalog.profile(id: id)).summary
            #expect(summary.id == id)
            #expect(summary.artwork == PokemonResource.artwork(id: id, official: official))
            if summary.artwork.derived { derived += 1 }
        }
        #expect(derived == 12, "12 real Pokémon have no official artwork")
        let viewDerived = try catalog.database.queryFirst(
            "SELECT count(*) FROM pokemon_summary WHERE artwork_derived") { $0.int(0) }
        #expect(viewDerived == 12)
        let pikachu = try #require(try catalog.profile(name: "pikachu"))
        #expect(pikachu.summary.types == ["electric"] && pikachu.stats.count == 6)
    }
}
