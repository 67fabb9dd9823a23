import Foundation
import LoopbackHTTP
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

/// The real binary syncing the Pokédex entry's resources (types, abilities, species, evolution
/// chains) from the fake, which generates them from its Pokémon.
@Suite("pokedex sync: the Pokédex entry's resources end to end")
struct PokedexEntrySyncEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
    }

    func sync(_ api: FakePokeAPI, _ arguments: String...) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database, "sync"] + arguments, environment: ["POKEAPI_BASE_URL": api.baseURL])
    }

    func rows(_ sql: String) throws -> [[String]] {
        try #require(try DatabaseSnapshot(of: database)).rows(sql).map { $0 }
    }

    static let resources = ["type", "ability", "pokemon-species", "evolution-chain"]

    @Test("--offset 24 --limit 21 fetches exactly what the 21 entries need, by the URLs their bodies give")
    func partialSyncChains() throws {
        // What the fake's entries link beyond the five kinds: each Pokémon's form, the stats,
        // the one egg group its species name.
        let catalog = FakePokemon.standardCatalog()
        let displayed = [
            FakeKind(name: "pokemon-form", entries: catalog.map { FakeKind.Entry(id: $0.id, name: $0.name) }),
            FakeKind.named("stat", FakePokemon.statNames), FakeKind.named("egg-group", ["monster"]),
        ]
        let api = try FakePokeAPI(catalog: catalog, extraKinds: displayed)
        let result = try sync(api, "--offset", "24", "--limit", "21")
        #expect(result.status == 0, "\(result.stderr)")

        let listed = Array(api.catalog[24..<45])
        let displayedDetails = ["pokemon-form": listed.count, "stat": FakePokemon.statNames.count, "egg-group": 1]
        for (kind, count) in displayedDetails {
            #expect(api.kindDetailRequestCount(kind) == count, "\(kind): what the 21 entries link, once each")
            #expect(api.kindListRequestCount(kind) == 0, "\(kind): a partial sync walks no list")
        }
        let speciesIDs = Dictionary(uniqueKeysWithValues: api.entries("pokemon-species").map { ($0.name, $0.id) })
        let own = Set(listed.map { speciesIDs[$0.speciesName]! })
        let chains = Set(own.map(FakePokeAPI.chainID(ofSpecies:)))
        let named = Set(speciesIDs.values.filter { chains.contains(FakePokeAPI.chainID(ofSpecies: $0)) })
        let expected = [
            "type": Set(listed.flatMap(\.types)).count,
            "ability": Set(listed.flatMap { $0.abilities.map(\.name) }).count,
            "pokemon-species": own.union(named).count, "evolution-chain": chains.count,
        ]
        #expect(named.count > own.count, "the chains name species beyond the 21's own")
        #expect(api.listRequestCount == 1 && api.detailRequestCount == 21)
        for resource in Self.resources {
            #expect(api.entryListRequestCount(resource) == 0, "\(resource): a partial sync walks no list")
            #expect(api.entryDetailRequestCount(resource) == expected[resource], "\(resource) details")
        }
        #expect(api.encountersRequestCount == 21 && api.rootIndexRequestCount == 1, "the index: what the server offers")
        let linkedDetails = expected.values.reduce(0, +) + displayedDetails.values.reduce(0, +)
        #expect(api.server.requests.count == 22 + 21 + 1 + linkedDetails, "no other request")
        #expect(
            try rows(
                "SELECT count(*) FROM pokemon_species_name WHERE name IS NOT NULL AND (folded_name IS NULL OR folded_name = '')"
            ) == [
                ["i:0"]
            ],
            "every name is stored with its folded form for the lookup index")

        let pikachu = try rows(
            """
            SELECT display_name, genus, generation, evolution_chain_id FROM pokemon_entry WHERE name = 'pikachu'
            """)
        #expect(pikachu == [["t:Pikachu", "t:Fake Pokémon", "i:1", "i:\(FakePokeAPI.chainID(ofSpecies: 25))"]])
        #expect(
            try rows("SELECT text FROM pokemon_species_flavor_text WHERE species_id = 25")
                == [["t:Pikachu lives in tall grass. It is fake."]])
        let line = api.entries("pokemon-species").filter {
            FakePokeAPI.chainID(ofSpecies: $0.id) == FakePokeAPI.chainID(ofSpecies: 25)
        }.map(\.name)
        let members = try rows(
            """
            SELECT species_name, coalesce(evolves_from, '') FROM evolution_chain_member
            WHERE chain_id = \(FakePokeAPI.chainID(ofSpecies: 25)) ORDER BY position
            """)
        #expect(members == zip(line, [""] + line).map { ["t:\($0)", "t:\($1)"] })
        #expect(line.count == 4 && line.last == "pikachu", "fearow, ekans and arbok are not among the 21")
        #expect(try rows("SELECT count(*) FROM pokemon_species WHERE details_synced_at IS NULL") == [["i:0"]])
        let runs = try rows("SELECT resource, outcome FROM sync_run ORDER BY id")
        #expect(
            runs.map { $0[0] } == [
                "t:pokemon", "t:type", "t:ability", "t:pokemon-species", "t:evolution-chain",
                "t:pokemon-encounters",
            ] + ["t:pokemon-form", "t:egg-group", "t:stat", "t:pokemon-species", "t:artwork"],
            "the kinds the entries display that the fake offers; the chains' species again; artwork last")
        #expect(runs.allSatisfy { $0[1] == "t:succeeded" })
    }

    @Test("a full sync walks every list; a no-change refresh downloads no detail body again")
    func fullThenRefresh() throws {
        let api = try FakePokeAPI()
        let first = try sync(api)
        #expect(first.status == 0, "\(first.stderr)")
        for resource in Self.resources {
            let served = api.entries(resource).count
            #expect(api.entryDetailRequestCount(resource) == served, "\(resource): every detail once")
            #expect(
                api.entryListRequestCount(resource) == (resource == "evolution-chain" ? 0 : 1),
                "\(resource): chains are reached from the species, never listed")
        }
        let status = try PokedexProcess.run(["--db", database, "status", "--json"])
        let resources = try #require(
            (try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?["resources"]
                as? [[String: Any]])
        #expect(
            resources.map { $0["resource"] as? String }
                == ["pokemon"] + Self.resources + ["pokemon-encounters", "artwork"])
        let speciesCounts = try #require(resources[3]["counts"] as? [String: Int])
        #expect(speciesCounts["species"] == api.entries("pokemon-species").count)
        #expect(speciesCounts["with_details"] == speciesCounts["species"])

        // Revalidated: every detail answered 304.
        api.resetCounters()
        let revalidated = try sync(api, "--max-age", "0")
        #expect(revalidated.status == 0, "\(revalidated.stderr)")
        #expect(api.detailRequestCount == 0 && api.notModifiedCount == api.catalog.count)
        for resource in Self.resources {
            #expect(api.entryDetailRequestCount(resource) == 0, "\(resource): no body downloaded again")
            #expect(api.entryNotModifiedCount(resource) == api.entries(resource).count, "\(resource): all 304")
        }
        // Within --max-age (1 day by default): reused without a request; only the lists are read.
        api.resetCounters()
        api.server.resetLog()
        let reused = try sync(api)
        #expect(reused.status == 0, "\(reused.stderr)")
        #expect(
            api.server.requests.allSatisfy {
                $0.header("If-None-Match") == nil && ($0.query["offset"] != nil || $0.path == "/api/v2/")
            }, "the lists and the root index only")
        #expect(api.detailRequestCount == 0 && Self.resources.allSatisfy { api.entryDetailRequestCount($0) == 0 })
    }

    @Test("kill -9 during the species phase, then resume: committed species are not downloaded again")
    func killDuringSpecies() throws {
        let api = try FakePokeAPI(catalog: FakePokemon.threePageCatalog())
        let isSpeciesDetail: @Sendable (RecordedRequest) -> Bool = {
            $0.path.hasPrefix("/api/v2/pokemon-species/") && $0.path.split(separator: "/").count == 4
        }
        let monitor = KillMonitor(
            classify: { isSpeciesDetail($0) ? .newDetail : .other }, stall: [.newDetail: 0.005])
        api.override = { monitor.observe($0) }
        // The 150th species detail, then time for the first page of 100 to commit.
        let run = try monitor.runUntilKilled(
            ["--db", database, "sync", "--concurrency", "2"], environment: ["POKEAPI_BASE_URL": api.baseURL],
            trigger: .init(.newDetail, 150, delay: 0.2), stderrPath: directory.file("killed.txt"))
        try #require(run.killed, "never reached the species phase: \(run.stderr)")
        monitor.disarm()

        let stored = Set(try rows("SELECT species_id FROM pokemon_species_json").map { $0[0] })
        #expect(stored.count >= 100 && stored.count < 150, "whole pages committed: \(stored.count)")
        #expect(
            try rows("SELECT count(*) FROM pokemon_species WHERE details_synced_at IS NOT NULL") == [
                ["i:\(stored.count)"]
            ])

        api.resetCounters()
        api.server.resetLog()
        let resumed = try sync(api)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let total = api.entries("pokemon-species").count
        let species = api.server.requests.filter(isSpeciesDetail)
        #expect(species.count == total - stored.count, "only the species not committed are asked for")
        for request in species {
            let id = "i:" + String(request.path.split(separator: "/")[3])
            #expect(!stored.contains(id), "species \(id) was committed, yet downloaded again")
        }
        #expect(api.detailRequestCount == 0, "the catalog, committed before, is reused")
        #expect(try rows("SELECT count(*) FROM pokemon_species_json") == [["i:\(total)"]])
        let outcomes = try rows("SELECT resource, outcome FROM sync_run WHERE resource = 'pokemon-species' ORDER BY id")
        #expect(outcomes == [["t:pokemon-species", "t:abandoned"], ["t:pokemon-species", "t:succeeded"]])
    }

    @Test("a species out of range is refused with exit 65 naming its URL; the other resources are committed")
    func badSpeciesGoesOn() throws {
        let api = try FakePokeAPI()
        api.override = { request in
            guard request.path == "/api/v2/pokemon-species/25/" else { return nil }
            return .json(#"{"id":25,"name":"pikachu","capture_rate":4500}"#)
        }
        let result = try sync(api)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errors.count == 1 && result.errors[0].contains("/pokemon-species/25/"), "\(result.stderr)")
        #expect(result.errors.first?.contains("capture_rate 4500") == true)
        let runs = try rows("SELECT resource, outcome FROM sync_run ORDER BY id")
        #expect(
            runs == [
                ["t:pokemon", "t:succeeded"], ["t:type", "t:succeeded"], ["t:ability", "t:succeeded"],
                ["t:pokemon-species", "t:failed"], ["t:evolution-chain", "t:succeeded"],
                ["t:pokemon-encounters", "t:succeeded"], ["t:artwork", "t:succeeded"],
            ])
        // The other species are stored, and the chains they name; nothing of the bad body is.
        #expect(
            try rows("SELECT count(*) FROM pokemon_species WHERE details_synced_at IS NOT NULL") == [
                ["i:\(api.entries("pokemon-species").count - 1)"]
            ])
        #expect(
            try rows("SELECT count(*) FROM pokemon_species WHERE id = 25 AND details_synced_at IS NOT NULL") == [
                ["i:0"]
            ])
        #expect(
            try rows("SELECT count(*) FROM type WHERE details_synced_at IS NOT NULL") == [
                ["i:\(api.entries("type").count)"]
            ])
    }
}
