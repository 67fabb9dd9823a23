import Foundation
import Testing

@testable import PokedexSync

@Suite("URLs on an IPv6 base")
struct IPv6URLTests {
    @Test("URLs built on an IPv6 base keep its brackets, and its origin is its own")
    func ipv6URLs() throws {
        let base = URL(string: "http://[::1]:8080/api/v2")!
        let list = try PokeAPIEndpoint.pokemonList(offset: 0, limit: 20).request(baseURL: base)
        #expect(list.url.absoluteString == "http://[::1]:8080/api/v2/pokemon/?offset=0&limit=20")
        let details = try PokeAPIEndpoint.details("/api/v2/pokemon/25/").request(baseURL: base)
        #expect(details.url.absoluteString == "http://[::1]:8080/api/v2/pokemon/25/")
        let gitHub = URL(string: "http://[::1]:8080")!
        let repository = try GitHubEndpoint.repositoryByID(7).request(baseURL: gitHub, token: "t", etag: nil)
        #expect(repository.url.absoluteString == "http://[::1]:8080/repositories/7")
        #expect(repository.headers["Authorization"] == "Bearer t")
        for (other, same) in [
            ("http://[::1]:8080/x", true), ("http://[::1]:8081/x", false), ("http://[::2]:8080/x", false),
        ] {
            #expect(URL(string: other)!.hasSameOrigin(as: gitHub) == same, "\(other)")
        }
    }
}
