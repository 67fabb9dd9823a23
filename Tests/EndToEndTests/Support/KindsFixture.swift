import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// The fake serving PokeAPI's other kinds (`FakeKind.standardExtras`) and some non-empty
/// encounters, and what the tests of those kinds ask of a database synced from it.
enum KindsFixture {
    /// The Pokédex's five kinds, the encounters and the artwork: what `status --json` lists
    /// when the root index named no other kind.
    static let ownResources = [
        "pokemon", "type", "ability", "pokemon-species", "evolution-chain", "pokemon-encounters", "artwork",
    ]

    static func api(catalog: [FakePokemon] = FakePokemon.standardCatalog()) throws -> FakePokeAPI {
        try FakePokeAPI(catalog: catalog, extraKinds: FakeKind.standardExtras, encounters: FakeEncounter.standard)
    }

    static func environment(_ api: FakePokeAPI) -> [String: String] { ["POKEAPI_BASE_URL": api.baseURL] }

    /// `pokedex --db DATABASE ARGUMENTS…` against `api`.
    static func run(_ database: String, _ api: FakePokeAPI, _ arguments: [String]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: environment(api))
    }

    /// `status --json`'s resources, by name.
    static func statusResources(_ database: String) throws -> [String: [String: Any]] {
        let status = try PokedexProcess.run(["--db", database, "status", "--json"])
        try #require(status.status == 0, "\(status.stderr)")
        let resources = try #require(
            (try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?["resources"]
                as? [[String: Any]])
        return Dictionary(resources.map { ($0["resource"] as? String ?? "?", $0) }) { first, _ in first }
    }

    /// `status --json`'s resource names, in its order.
    static func statusResourceNames(_ database: String) throws -> [String] {
        let status = try PokedexProcess.run(["--db", database, "status", "--json"])
        let resources =
            (try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?[
                "resources"] as? [[String: Any]]
        return (resources ?? []).compactMap { $0["resource"] as? String }
    }

    /// Whether `request` is the root index's.
    static func isRootIndex(_ request: RecordedRequest) -> Bool {
        request.path == "/api/v2/" || request.path == "/api/v2"
    }

    /// A detail request of `kind` (`/api/v2/move/7/`): its id.
    static func detailID(_ request: RecordedRequest, kind: String) -> Int? {
        let segments = request.path.split(separator: "/")
        guard segments.count == 4, segments[0] == "api", segments[1] == "v2", segments[2] == kind else { return nil }
        return Int(segments[3])
    }

    /// An encounters request (`/api/v2/pokemon/25/encounters`): the Pokémon's id.
    static func encountersID(_ request: RecordedRequest) -> Int? {
        let segments = request.path.split(separator: "/")
        guard segments.count == 5, segments[0] == "api", segments[1] == "v2", segments[2] == "pokemon",
            segments[4] == "encounters"
        else { return nil }
        return Int(segments[3])
    }

    /// The ids of `kind` whose bodies the database holds (encounters: `pokemon-encounters`).
    static func storedIDs(_ database: String, kind: String) throws -> Set<Int> {
        let snapshot = try #require(try DatabaseSnapshot(of: database))
        return Set(
            try snapshot.rows("SELECT id FROM pokeapi_resource_json WHERE kind = '\(kind)'").map {
                Int($0[0].dropFirst(2))!
            })
    }
}
