import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `pokedex serve` answering PokeAPI's requests from a synced database, as an app asks them.
@Suite("pokedex serve: PokeAPI end to end", .serialized)
struct ServePokeAPIEndToEndTests {
    let source: ServedDatabase
    let server: ServeProcess

    init() throws {
        source = try ServedDatabase.shared.get()
        server = try ServeProcess(database: source.path)
    }

    func json(_ response: RawHTTP.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("the seed app: list limit=21&offset=24, each detail, its artwork; bodies are what PokeAPI sent")
    func seedApp() throws {
        let client = try RawHTTP(port: server.port)
        let page = try client.request("/api/v2/pokemon?limit=21&offset=24")
        #expect(page.status == 200 && page.header("Content-Type") == "application/json; charset=utf-8")
        let list = try json(page)
        let results = try #require(list["results"] as? [[String: String]])
        let catalog = source.api.catalog
        #expect(list["count"] as? Int == catalog.count)
        #expect(results.map { $0["name"] } == catalog[24..<45].map(\.name))
        #expect(list["next"] as? String == "\(server.url)/api/v2/pokemon?offset=45&limit=10")
        #expect(list["previous"] as? String == "\(server.url)/api/v2/pokemon?offset=3&limit=21")
        for (result, pokemon) in zip(results, catalog[24..<45]) {
            let url = try #require(result["url"])
            #expect(url == "\(server.url)/api/v2/pokemon/\(pokemon.id)/")
            let detail = try client.request(String(url.dropFirst(server.url.count)))
            #expect(detail.status == 200)
            #expect(source.unserved(detail.text, servedAt: server.url) == source.api.body(forID: pokemon.id))
            // Asked again, the body is rewritten in place where its links were found the first time.
            #expect(try client.request(String(url.dropFirst(server.url.count))).body == detail.body)
        }
        // Artwork: the first Pokémon have every image stored, served from /media as PNG.
        for pokemon in catalog.prefix(ServedDatabase.imageCount) {
            let first = try client.request("/api/v2/pokemon/\(pokemon.id)")
            #expect(try client.request("/api/v2/pokemon/\(pokemon.id)").body == first.body)
            let body = try json(first)
            let sprites = try #require(body["sprites"] as? [String: Any])
            let other = try #require(sprites["other"] as? [String: [String: Any]])
            let artwork = try #require(other["official-artwork"]?["front_default"] as? String)
            #expect(artwork == "\(server.url)/media/pokemon/\(pokemon.id)/official.png")
            let png = try client.request(String(artwork.dropFirst(server.url.count)))
            #expect(png.status == 200 && png.header("Content-Type") == "image/png")
            #expect(png.body == TestSprite.png(seed: pokemon.id * 3 + 2))
            #expect(sprites["front_default"] as? String == "\(server.url)/media/pokemon/\(pokemon.id)/sprite.png")
        }
        // A sprite the image host had not: its link points here too, and answers 404.
        let missing = catalog[ServedDatabase.imageCount]
        let body = try json(try client.request("/api/v2/pokemon/\(missing.name)/"))
        let sprite = try #require((body["sprites"] as? [String: Any])?["front_default"] as? String)
        #expect(sprite == "\(server.url)/media/pokemon/\(missing.id)/sprite.png")
        #expect(try client.request(String(sprite.dropFirst(server.url.count))).status == 404)
    }

    @Test("every list's next links, followed from the root index to the end, give every entry once")
    func everyListPaged() throws {
        let client = try RawHTTP(port: server.port)
        let index = try json(try client.request("/api/v2/"))
        #expect(Set(index.keys) == ["pokemon", "type", "ability", "pokemon-species", "evolution-chain"])
        for (kind, link) in index {
            #expect(link as? String == "\(server.url)/api/v2/\(kind)/")
            var target: String? = "/api/v2/\(kind)/?limit=7"
            var urls: [String] = []
            var count: Int?
            var pages = 0
            while let path = target {
                let page = try json(try client.request(path))
                count = page["count"] as? Int
                let results = try #require(page["results"] as? [[String: String]])
                #expect(!results.isEmpty && results.count <= 7, "\(path)")
                #expect((page["previous"] as? String == nil) == (pages == 0), "\(path)")
                urls += results.compactMap { $0["url"] }
                pages += 1
                target = (page["next"] as? String).map { String($0.dropFirst(server.url.count)) }
            }
            #expect(urls.count == count && pages == ((count ?? 0) + 6) / 7, "\(kind)")
            #expect(Set(urls).count == urls.count, "\(kind)")
            for url in urls {
                #expect(try client.request(String(url.dropFirst(server.url.count))).status == 200, "\(url)")
            }
        }
    }
}
