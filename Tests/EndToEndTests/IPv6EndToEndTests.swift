import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// IPv6 literal base URLs: URLSession on Linux could not connect to them before Swift 6.3's
/// successor (swift-corelibs-foundation #5498) and the sync refused them; libcurl takes them as
/// any other URL.
@Suite("sync with an IPv6 literal base URL")
struct IPv6EndToEndTests {
    static let hasIPv6Loopback = (try? LoopbackServer(ipv6: true) { _ in .text("") }) != nil

    @Test(
        "syncs the catalog from a server on [::1]",
        .enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback (::1)"))
    func syncsOverIPv6() throws {
        let api = try FakePokeAPI(catalog: CatalogFixture.catalog(count: 30), ipv6: true)
        #expect(api.baseURL.contains("[::1]"))
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        let result = try PokedexProcess.run(
            ["--db", database, "sync", "--pokeapi-url", api.baseURL], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let stored = try #require(try DatabaseSnapshot(of: database)).storedPokemon()
        #expect(stored.detailed == Set(api.catalog.map(\.id)))
    }
}
