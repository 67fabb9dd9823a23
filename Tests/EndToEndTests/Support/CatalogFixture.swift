import Foundation
import LoopbackHTTP

/// The Pokémon fixtures of the crash and storm tests.
enum CatalogFixture {
    static let pageSize = 20

    /// The standard 55, then fillers with ids from 51 up to `count` entries in all.
    static func catalog(count: Int) -> [FakePokemon] {
        let standard = FakePokemon.standardCatalog()
        let fillers =
            count > standard.count
            ? (51..<(51 + count - standard.count)).map {
                FakePokemon.synthetic(id: $0, name: "filler-\($0)")
            } : []
        return standard + fillers
    }

    /// Tables holding Pokémon data, with the column naming the Pokémon.
    static let keyColumns = [
        "pokemon": "id", "pokemon_type": "pokemon_id", "pokemon_ability": "pokemon_id",
        "pokemon_stat": "pokemon_id", "pokemon_detail_json": "pokemon_id",
    ]

    static func isList(_ request: RecordedRequest) -> Bool {
        request.path == "/api/v2/pokemon/" || request.path == "/api/v2/pokemon"
    }

    /// The id of a detail request, e.g. 25 for `/api/v2/pokemon/25/`.
    static func detailID(_ request: RecordedRequest) -> Int? {
        let segments = request.path.split(separator: "/")
        guard segments.count == 4, segments[2] == "pokemon" else { return nil }
        return Int(segments[3])
    }

    /// The Pokémon's list and details; the Pokédex entry's resources, whose first list pages
    /// are asked for while the catalog syncs, are counted apart.
    static func classify(_ request: RecordedRequest) -> KillMonitor.Kind {
        if !request.path.hasPrefix("/api/v2/") { return .other }
        if isList(request) { return .list }
        guard detailID(request) != nil else { return .entry }
        return request.header("If-None-Match") == nil ? .newDetail : .conditional
    }

    /// Answers the first list request (pokedex asks for 1,000) with a page of 20 whose `next`
    /// link asks for 20 more, as a server that caps page sizes would; pokedex follows `next` as
    /// given, so every later page is the fake's own, 20 entries long. More pages make more
    /// commits to interrupt and more list requests to disturb.
    final class SmallPages: Sendable {
        let body: String

        init(api: FakePokeAPI) {
            let origin = api.baseURL
            let catalog = api.catalog
            let results = catalog.prefix(CatalogFixture.pageSize).map { pokemon in
                "{\"name\":\"\(pokemon.name)\",\"url\":\"\(origin)/pokemon/\(pokemon.id)/\"}"
            }
            let next =
                catalog.count > CatalogFixture.pageSize
                ? "\"\(origin)/pokemon/?offset=\(CatalogFixture.pageSize)&limit=\(CatalogFixture.pageSize)\"" : "null"
            body =
                "{\"count\":\(catalog.count),\"next\":\(next),\"previous\":null,\"results\":[\(results.joined(separator: ","))]}"
        }

        func firstPage(_ request: RecordedRequest) -> ScriptedResponse? {
            guard CatalogFixture.isList(request), (request.query["offset"] ?? "0") == "0" else { return nil }
            return .json(body)
        }
    }
}
