import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// Proxies as libcurl reads them from the environment. The fake serves as its own proxy: a
/// request sent through a proxy names the whole URL in its request line (absolute form), one
/// sent directly only the path.
@Suite("sync through a proxy from the environment")
struct ProxyEndToEndTests {
    @Test(
        "http_proxy sends every request through the proxy, unless no_proxy names the host",
        arguments: [
            (["http_proxy": "PROXY"], true),
            (["http_proxy": "PROXY", "no_proxy": "127.0.0.1"], false),
            (["all_proxy": "PROXY"], true),
            // Upper-case HTTP_PROXY is ignored, as by curl (a CGI environment sets it from a header).
            (["HTTP_PROXY": "PROXY"], false),
        ])
    func proxied(variables: [String: String], throughProxy: Bool) throws {
        let api = try FakePokeAPI(catalog: CatalogFixture.catalog(count: 5))
        let directory = try TemporaryDirectory()
        let environment = variables.mapValues { $0 == "PROXY" ? api.server.baseURL : $0 }
        let result = try PokedexProcess.run(
            ["--db", directory.file("pokedex.sqlite"), "sync", "--pokeapi-url", api.baseURL],
            environment: environment, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let targets = api.server.requests.map(\.target)
        #expect(!targets.isEmpty)
        let absolute = targets.filter { $0.hasPrefix(api.server.baseURL + "/") }
        #expect(absolute.count == (throughProxy ? targets.count : 0), "\(targets.prefix(3))")
    }
}
