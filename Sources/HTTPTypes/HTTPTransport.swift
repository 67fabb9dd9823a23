#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a request leaves the process: libcurl in production, a closure in tests.
public typealias HTTPTransport = @Sendable (HTTPRequest) async throws -> HTTPResponse

/// How a sync job's requests leave the process: it asks for one transport per server, with
/// the connections to it and the per-request timeout that server's sync wants. The entry
/// point supplies the production one (`CurlTransport`); tests supply closures.
public struct HTTPTransportFactory: Sendable {
    public var make: @Sendable (_ maximumConnectionsPerHost: Int, _ timeoutSeconds: Int) -> HTTPTransport

    public init(
        make:
            @escaping @Sendable (_ maximumConnectionsPerHost: Int, _ timeoutSeconds: Int)
            -> HTTPTransport
    ) {
        self.make = make
    }
}

extension HTTPTransportFactory {
    /// Transports that send `Authorization: Bearer token` with each request to `origin`'s
    /// scheme, host and port (a PokeAPI behind a token, such as a `pokedex serve` started with
    /// one), and nothing more to any other; the redirect policy drops it off that origin too.
    /// Without a token, the transports are these ones, unchanged.
    public func authorizing(bearer token: String?, on origin: URL) -> HTTPTransportFactory {
        guard let token else { return self }
        let make = make
        return HTTPTransportFactory { connections, timeoutSeconds in
            let transport = make(connections, timeoutSeconds)
            return { request in
                guard request.url.hasSameOrigin(as: origin) else { return try await transport(request) }
                var authorized = request
                authorized.headers["Authorization"] = "Bearer \(token)"
                return try await transport(authorized)
            }
        }
    }
}
