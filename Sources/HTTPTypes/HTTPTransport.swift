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
