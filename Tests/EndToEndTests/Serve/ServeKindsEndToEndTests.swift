import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// `pokedex serve` over a database holding the root index's kinds: its own root index lists
/// them (the undeclared `gizmo` too), and each stored body is served with links rewritten to it.
@Suite("pokedex serve: the root index's kinds")
struct ServeKindsEndToEndTests {
    @Test("/api/v2/ lists every stored kind in the API's order; gizmo/1, move-ailment/-1, encounters served")
    func servesEveryKind() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        let api = try KindsFixture.api()
        let sync = try KindsFixture.run(database, api, ["sync"])
        try #require(sync.status == 0, "\(sync.stderr)")

        let server = try ServeProcess(database: database)
        let client = try RawHTTP(port: server.port)
        let root = try client.request("/api/v2/")
        #expect(root.status == 200, "\(root.status)")
        let index = try #require(try JSONSerialization.jsonObject(with: Data(root.body)) as? [String: String])
        for kind in FakeKind.standardExtras.map(\.name) + ["pokemon", "type", "ability", "pokemon-species"] {
            #expect(index[kind] == "\(server.url)/api/v2/\(kind)/", "\(kind) in the root index: \(index)")
        }

        /// The served body with its links put back on the fake's origin: the server's bytes.
        func served(_ path: String) throws -> [UInt8]? {
            let response = try client.request(path)
            guard response.status == 200 else {
                Issue.record("\(path): \(response.status)")
                return nil
            }
            let text = String(decoding: response.body, as: UTF8.self)
            return Array(text.replacingOccurrences(of: server.url + "/api/v2", with: api.baseURL).utf8)
        }
        #expect(try served("/api/v2/gizmo/1/") == api.kindBody("gizmo", id: 1))
        #expect(try served("/api/v2/gizmo/widget/") == api.kindBody("gizmo", id: 2))
        #expect(try served("/api/v2/move-ailment/-1/") == api.kindBody("move-ailment", id: -1))
        #expect(try served("/api/v2/move-category/0/") == api.kindBody("move-category", id: 0))
        #expect(try served("/api/v2/machine/3/") == api.kindBody("machine", id: 3))
        #expect(try served("/api/v2/pokemon/25/encounters") == api.encountersBody(ofPokemon: 25))

        // The list of a kind with ids -1 and 0 gives them, in order.
        let list = try client.request("/api/v2/move-ailment/?limit=100")
        let results = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])?["results"] as? [[String: Any]])
        #expect(
            results.compactMap { $0["url"] as? String }
                == (-1...2).map { "\(server.url)/api/v2/move-ailment/\($0)/" })
        // A kind the API lists out of id order is paged in the API's order.
        for limit in [1, 100] {
            var names: [String] = []
            var next: String? = "/api/v2/gizmo/?limit=\(limit)"
            while let path = next {
                let page = try #require(
                    try JSONSerialization.jsonObject(with: Data(try client.request(path).body)) as? [String: Any])
                names += (page["results"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                next = (page["next"] as? String).map { String($0.dropFirst(server.url.count)) }
            }
            #expect(names == ["widget", "sprocket"], "limit \(limit)")
        }
        #expect(try client.request("/api/v2/gizmo/3/").status == 404)
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }
}
