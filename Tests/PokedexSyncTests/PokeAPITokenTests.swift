import Foundation
import Synchronization
import Testing

@testable import HTTPTypes

@Suite("The PokeAPI token goes to PokeAPI's origin alone")
struct PokeAPITokenTests {
    static let api = URL(string: "https://pokeapi.example/api/v2")!

    /// The Authorization header each request reached the transport with.
    static func sentAuthorization(_ url: String, token: String?) async throws -> String? {
        let seen = Mutex<String?>(nil)
        let factory = HTTPTransportFactory { _, _ in
            { request in
                seen.withLock { $0 = request.headers["Authorization"] }
                return HTTPResponse(url: request.url, status: 200, headers: [:], body: Data())
            }
        }
        let transport = factory.authorizing(bearer: token, on: api).make(4, 30)
        _ = try await transport(HTTPRequest(url: URL(string: url)!, headers: ["Accept": "*/*"], maximumBodyBytes: 1))
        return seen.withLock { $0 }
    }

    @Test(
        "sent where scheme, host and port are the API's, whatever the path",
        arguments: [
            ("https://pokeapi.example/api/v2/pokemon/25/", true),
            ("https://POKEAPI.example/api/v2/", true),
            ("https://pokeapi.example:443/media/sprites/25.png", true),
            ("http://pokeapi.example/api/v2/pokemon/25/", false),
            ("https://pokeapi.example:8443/api/v2/", false),
            ("https://raw.githubusercontent.com/PokeAPI/sprites/master/25.png", false),
            ("https://pokeapi.example.evil.test/api/v2/", false),
        ])
    func origin(url: String, carriesToken: Bool) async throws {
        let sent = try await Self.sentAuthorization(url, token: "s3cret-token")
        #expect(sent == (carriesToken ? "Bearer s3cret-token" : nil))
    }

    @Test("without a token, no request gains a header")
    func noToken() async throws {
        #expect(try await Self.sentAuthorization("https://pokeapi.example/api/v2/", token: nil) == nil)
    }
}
