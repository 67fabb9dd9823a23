import Foundation
import LoopbackHTTP
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

/// The Pokédex entry's walks against a server that misbehaves: links that cannot or must not be
/// followed, bodies over their bound, lists that lead nowhere, HTML where JSON belongs. Each
/// fails its own resource's run with one line naming the URL (exit 65); the other resources
/// are committed and nothing reaches another origin.
@Suite("pokedex sync: the Pokédex entry against a hostile server")
struct PokedexEntryHostileEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
    }

    func sync(_ api: FakePokeAPI, _ arguments: String...) throws -> PokedexProcess.Result {
        try PokedexProcess.run(
            ["--db", database, "sync", "--retries", "0"] + arguments,
            environment: ["POKEAPI_BASE_URL": api.baseURL, "GITHUB_TOKEN": "ghp_entrywalksecret"])
    }

    /// `resource → outcome` of every run, in order.
    func outcomes() throws -> [String] {
        try #require(try DatabaseSnapshot(of: database)).rows("SELECT resource, outcome FROM sync_run ORDER BY id")
            .map { "\($0[0].dropFirst(2)) \($0[1].dropFirst(2))" }
    }

    func count(_ table: String) throws -> String {
        try #require(try DatabaseSnapshot(of: database)).rows("SELECT count(*) FROM \(table)").first?.first ?? ""
    }

    /// The answer the fake gives `request`, its body rewritten.
    static func altered(_ api: FakePokeAPI, _ request: RecordedRequest, _ change: (String) -> String)
        -> ScriptedResponse
    {
        var answer = api.realAnswer(to: request)
        answer.body = Array(change(String(decoding: answer.body, as: UTF8.self)).utf8)
        answer.headers.removeAll { $0.0.lowercased() == "etag" || $0.0.lowercased() == "content-length" }
        return answer
    }

    @Test("a Pokémon body linking an ability without an id fails the abilities' run alone")
    func abilityLinkWithoutID() throws {
        let api = try FakePokeAPI()
        let victim = api.catalog[0].id
        api.override = { request in
            guard request.path == "/api/v2/pokemon/\(victim)/" else { return nil }
            return Self.altered(api, request) { $0.replacing(/\/ability\/[0-9]+\//, with: "/ability/no-id-here/") }
        }
        let result = try sync(api, "--limit", "1")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errors.count == 1, "\(result.stderr)")
        #expect(result.errors.first?.contains("\(api.baseURL)/ability/no-id-here/") == true, "\(result.stderr)")
        #expect(result.errors.first?.contains("has no id") == true, "\(result.stderr)")
        let runs = try outcomes()
        #expect(
            runs == [
                "pokemon succeeded", "type succeeded", "ability failed", "pokemon-species succeeded",
                "evolution-chain succeeded", "pokemon-encounters succeeded", "pokemon-species succeeded",
                "artwork succeeded",
            ], "\(runs)")
        #expect(api.entryDetailRequestCount("ability") == 0)
        #expect(
            try #require(try DatabaseSnapshot(of: database)).rows(
                "SELECT count(*) FROM pokemon_species WHERE name = '\(api.catalog[0].speciesName)'") == [["i:1"]],
            "the species the Pokémon needs is stored")
    }

    @Test("a species linking its evolution chain on another origin: never requested, the token never sent")
    func chainOnAnotherOrigin() throws {
        let elsewhere = try LoopbackServer { _ in .json("{}") }
        let api = try FakePokeAPI()
        api.override = { request in
            guard request.path.hasPrefix("/api/v2/pokemon-species/") else { return nil }
            return Self.altered(api, request) {
                $0.replacingOccurrences(
                    of: "\(api.baseURL)/evolution-chain/", with: "\(elsewhere.baseURL)/api/v2/evolution-chain/")
            }
        }
        let result = try sync(api, "--limit", "3")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errors.count == 1, "\(result.stderr)")
        #expect(result.errors.first?.contains(elsewhere.baseURL) == true, "\(result.stderr)")
        #expect(elsewhere.requests.isEmpty, "nothing, credentials least of all, goes to another origin")
        #expect(!api.server.requests.isEmpty)
        let runs = try outcomes()
        #expect(runs.filter { $0.hasSuffix(" failed") }.count == 1, "\(runs)")
        #expect(runs.first == "pokemon succeeded" && runs.contains("type succeeded"), "\(runs)")
    }

    @Test("an evolution chain over its 1 MB bound fails the chains' run; species, types and abilities stay")
    func oversizedChain() throws {
        let api = try FakePokeAPI()
        api.override = { request in
            guard request.path.hasPrefix("/api/v2/evolution-chain/") else { return nil }
            return .json(String(repeating: " ", count: 3 << 19) + "{}")
        }
        let result = try sync(api, "--limit", "5")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errors.count == 1 && result.errors[0].contains("larger than"), "\(result.stderr)")
        #expect(result.errors.first?.contains("\(api.baseURL)/evolution-chain/") == true, "\(result.stderr)")
        #expect(
            try outcomes() == [
                "pokemon succeeded", "type succeeded", "ability succeeded", "pokemon-species succeeded",
                "evolution-chain failed", "artwork succeeded",
            ])
        #expect(try count("evolution_chain_json") == "i:0")
        #expect(try count("pokemon_species") != "i:0")
    }

    @Test("a type list whose pages each link a fresh next with types already listed stops the walk")
    func typeListLeadingNowhere() throws {
        let api = try FakePokeAPI()
        let types = api.entries("type").prefix(3)
        let loops = Counter()
        api.override = { request in
            guard request.path == "/api/v2/type/" else { return nil }
            let results = types.map { #"{"name":"\#($0.name)","url":"\#(api.baseURL)/type/\#($0.id)/"}"# }
            let next = "\(api.baseURL)/type/?offset=0&limit=100&again=\(loops.next())"
            return .json(
                #"{"count":100000,"next":"\#(next)","previous":null,"results":[\#(results.joined(separator: ","))]}"#)
        }
        let result = try sync(api)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errors.count == 1 && result.errors[0].contains("leads nowhere"), "\(result.stderr)")
        #expect(loops.count < 10, "the walk stops once a page brings nothing new")
        let runs = try outcomes()
        #expect(runs.contains("type failed") && runs.contains("ability succeeded"), "\(runs)")
        #expect(runs.contains("pokemon-species succeeded") && runs.contains("evolution-chain succeeded"), "\(runs)")
    }

    @Test("an HTML page answered 200 for a species is refused, naming its URL; nothing of it is stored")
    func htmlSpecies() throws {
        let api = try FakePokeAPI()
        let victim = api.catalog[1]
        let speciesID = try #require(api.entries("pokemon-species").first { $0.name == victim.speciesName }?.id)
        api.override = { request in
            guard request.path == "/api/v2/pokemon-species/\(speciesID)/" else { return nil }
            return .text("<html><body>Checking your browser…</body></html>", contentType: "text/html")
        }
        let result = try sync(api, "--limit", "3")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.errors.count == 1, "\(result.stderr)")
        #expect(result.errors.first?.contains("/pokemon-species/\(speciesID)/") == true, "\(result.stderr)")
        let runs = try outcomes()
        #expect(runs.contains("pokemon-species failed") && runs.contains("type succeeded"), "\(runs)")
        #expect(
            try #require(try DatabaseSnapshot(of: database)).rows(
                "SELECT count(*) FROM pokemon_species_json WHERE body LIKE '%<html>%'") == [["i:0"]])
    }
}
