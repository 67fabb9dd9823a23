import Foundation
import TestSupport
import Testing

/// Against the shared mirror (real PokeAPI data, all 48 kinds of its root index): after a
/// whole sync, `pokedex get` gives each kind's first entry, and a Pokémon's encounters,
/// byte for byte as the mirror sends them. Skipped without `../shared`.
@Suite(
    "pokedex get against the mirror's real data",
    .enabled(
        if: SharedMirror.script != nil && SharedData.hasPokeAPI,
        "../shared/data/pokeapi or ../shared/tools/mirror is not present"))
struct KindsMirrorEndToEndTests {
    @Test("the first entry of each of the 48 kinds, and pokemon/25/encounters, equal the mirror's bytes")
    func firstOfEveryKind() throws {
        let directory = try TemporaryDirectory()
        let data = try #require(SharedData.directory) + "/pokeapi"
        let mirror = try SharedMirror(["--data-dir", data], in: directory)
        let database = directory.file("pokedex.sqlite")
        let environment = ["POKEAPI_BASE_URL": mirror.origin + "/api/v2"]
        let sync = try PokedexProcess.run(
            ["--db", database, "sync", "--artwork", "none"], environment: environment, timeout: 900)
        try #require(sync.status == 0, "\(sync.stderr)")

        let client = try RawHTTP(port: mirror.port, timeout: 60)
        func body(_ url: String) throws -> [UInt8] {
            let response = try client.request(String(url.dropFirst(mirror.origin.count)))
            try #require(response.status == 200, "\(url): \(response.status)")
            return response.body
        }
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(try body(mirror.origin + "/api/v2/"))) as? [String: String])
        #expect(index.count == 48, "\(index.keys.sorted())")
        for (kind, listURL) in index.sorted(by: { $0.key < $1.key }) {
            let page = try JSONSerialization.jsonObject(with: Data(try body(listURL + "?limit=1"))) as? [String: Any]
            let first = try #require((page?["results"] as? [[String: Any]])?.first?["url"] as? String, "\(kind)")
            let expected = try body(first)
            let got = try PokedexProcess.run(["--db", database, "get", first])
            #expect(got.status == 0 && got.errors.isEmpty, "get \(first): \(got.stderr)")
            #expect(
                got.stdoutBytes == expected,
                "get \(first): \(got.stdoutBytes.count) bytes, the mirror sent \(expected.count)")
        }
        let encounters = try body(mirror.origin + "/api/v2/pokemon/25/encounters")
        #expect(encounters.count > 2, "pikachu has encounters")
        let got = try PokedexProcess.run(["--db", database, "get", "pokemon/pikachu/encounters"])
        #expect(got.status == 0 && got.stdoutBytes == encounters, "\(got.stderr)")
    }
}
