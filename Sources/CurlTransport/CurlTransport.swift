import HTTPTypes
import SyncSettings

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The production transport: libcurl's multi interface, one multi handle per server with
/// keep-alive, at most `maximumConnectionsPerHost` connections to a host, and HTTP/2
/// multiplexing where the server offers it (streams share a connection instead of opening
/// new ones). Bodies are returned as they travelled, never decoded (`HTTPClient` does that):
/// past the request's `maximumBodyBytes` the transfer is cut there.
///
/// Each request has two time bounds, as with URLSession: an idle timeout (`timeout`: no
/// connection within it, or less than a byte a second for that long) and a total deadline
/// (`deadline`, `SyncDefaults.requestDeadlineMultiple` × the timeout by default) over the whole
/// redirect chain, which a body trickled a byte at a time would otherwise never reach.
/// libcurl never follows a redirect: pokedex does, under `RedirectPolicy`, and reads no
/// redirect body. Proxies come from `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy`
/// as the curl tool reads them; certificates are checked against `trust`: the system's CA
/// store unless the caller names others.
public enum CurlTransport {
    public static let factory = factory(trust: .system)

    public static func factory(trust: TLSTrust) -> HTTPTransportFactory {
        HTTPTransportFactory { connections, timeoutSeconds in
            transport(maximumConnectionsPerHost: connections, timeout: .seconds(timeoutSeconds), trust: trust)
        }
    }

    public static func transport(
        maximumConnectionsPerHost: Int, timeout: Duration = .seconds(SyncDefaults.requestTimeoutSeconds),
        deadline: Duration? = nil, trust: TLSTrust = .system
    ) -> HTTPTransport {
        let session = CurlSession(maximumConnectionsPerHost: maximumConnectionsPerHost, trust: trust)
        let deadline = deadline ?? timeout * SyncDefaults.requestDeadlineMultiple
        return { request in
            try await session.fetch(
                request, limits: TransferLimits(idleTimeout: timeout, deadline: deadline, start: .now))
        }
    }
}

/// The time bounds of one request, its redirects included.
struct TransferLimits: Sendable {
    let idleTimeout: Duration
    let deadline: Duration
    let start: ContinuousClock.Instant

    var expiry: ContinuousClock.Instant { start + deadline }
}

extension CurlSession {
    /// `request` sent, and its redirects followed, to a final answer: the first hop's URL
    /// names every failure, as the CLI always said.
    func fetch(_ request: HTTPRequest, limits: TransferLimits) async throws -> HTTPResponse {
        var hop = request
        for _ in 0...RedirectPolicy.maximumRedirects {
            let answer = try await perform(hop, reportedAs: request.url.absoluteString, limits: limits)
            guard answer.isRedirect, let location = answer.headers["location"],
                let next = RedirectPolicy.redirect(hop, to: location, from: request.url)
            else {
                return HTTPResponse(url: hop.url, status: answer.status, headers: answer.headers, body: answer.body)
            }
            hop = next
        }
        throw FetchError.unreachable(url: request.url.absoluteString, reason: "too many redirects")
    }
}
