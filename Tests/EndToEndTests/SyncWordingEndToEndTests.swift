import Foundation
import LoopbackHTTP
import PokedexStore
import TestSupport
import Testing

/// What a sync and `status` say after a small partial sync: counts of one in the singular, and
/// the two species runs of one sync shown as one success with both runs' counts.
@Suite("Sync summaries and status wording end to end")
struct SyncWordingEndToEndTests {
    let directory: TemporaryDirectory
    let database: String
    let api: FakePokeAPI

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
        api = try FakePokeAPI()
    }

    func sync(_ arguments: String...) throws -> PokedexProcess.Result {
        try KindsFixture.run(database, api, ["sync"] + arguments)
    }

    @Test("--offset past the list's end says so, and takes nothing the Pokémon would link")
    func offsetPastTheEnd() throws {
        let sync = try sync("--offset", "5000", "--limit", "3")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("synced 0 Pokémon: --offset is past the list's "), "\(sync.stderr)")
        #expect(!sync.stderr.contains("synced 0 types"), "\(sync.stderr)")
    }

    @Test("a partial sync whose Pokémon list fails says the kinds they link are not synced this time")
    func pokemonListFailed() throws {
        api.override = { request in
            request.path == "/api/v2/pokemon/" ? ScriptedResponse(status: 503, body: Array("down".utf8)) : nil
        }
        let sync = try sync("--offset", "24", "--limit", "3", "--retries", "0")
        #expect(sync.status == 69, "\(sync.stderr)")
        #expect(sync.stderr.contains("the kinds the Pokémon link are not synced this time"), "\(sync.stderr)")
    }

    @Test("a followed kind synced alone into an empty database says what would link it")
    func followedKindAlone() throws {
        for (resource, said) in [
            ("pokemon-encounters", "synced 0 Pokémon's encounters: the stored Pokémon link none; no request needed"),
            ("evolution-chain", "synced 0 evolution chains: the stored species link none; no request needed"),
        ] {
            let sync = try sync("--resources", resource)
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stderr.contains(said), "\(sync.stderr)")
        }
    }

    @Test("--limit 1: 'synced 1 Pokémon: 1 new or changed', 'N more species', then status sums both runs")
    func singularAndSummedRuns() throws {
        let sync = try sync("--limit", "1", "--artwork", "none")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("synced 1 Pokémon: 1 new or changed; "), "\(sync.stderr)")
        #expect(sync.stderr.contains("; 2 requests in "), "the list and one detail: \(sync.stderr)")
        #expect(!sync.stderr.contains(" 1 pages") && !sync.stderr.contains(" 1 requests"), "\(sync.stderr)")
        #expect(!sync.stderr.contains(" 1 details") && !sync.stderr.contains(" 1 types"), "\(sync.stderr)")

        let species = api.entryDetailRequestCount("pokemon-species")
        #expect(species > 1, "the chain names species beyond the Pokémon's own")
        // The second species run, for those: "synced 2 more species", not "2 species more".
        #expect(sync.stderr.contains("synced \(species - 1) more species: "), "\(sync.stderr)")
        // Wide enough that the run's line does not wrap.
        let status = try PokedexProcess.run(["--db", database, "status"], environment: ["COLUMNS": "200"])
        let lines = status.stdout.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("species:") }, "\(status.stdout)")
        #expect(
            lines[heading + 1].contains("\(species) changed, \(species) requests in 2 runs, only offset 0 limit 1"),
            "\(lines[heading + 1])")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try PokedexProcess.run(["--db", database, "status", "--json"]).stdout.utf8))
                as? [String: Any])
        let resources = try #require(json["resources"] as? [[String: Any]])
        let earlier = resources.map {
            ($0["resource"] as? String ?? "", ($0["last_success_earlier_runs"] as? [Any])?.count)
        }
        #expect(earlier.first { $0.0 == "pokemon-species" }?.1 == 1, "\(earlier)")
        #expect(earlier.filter { $0.0 != "pokemon-species" }.allSatisfy { $0.1 == 0 }, "\(earlier)")
    }
}
