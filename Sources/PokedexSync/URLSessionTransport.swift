import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: one URLSession per server with keep-alive, no URL cache
/// (conditional requests are pokedex's own business), and a cap on connections per host.
///
/// Each request has two time bounds: URLSession's own idle timeout (`timeout`: nothing
/// received for that long), and a total deadline (`deadline`, `deadlineMultiple` × the timeout
/// by default), which a body trickled a byte at a time or an endless run of `100 Continue`
/// answers would otherwise never reach. Bodies arrive in pieces and are counted: past the
/// request's `maximumBodyBytes` the transfer is cancelled there.
public enum URLSessionTransport {
    public static let factory = HTTPTransportFactory { connections, timeoutSeconds in
        transport(maximumConnectionsPerHost: connections, timeout: .seconds(timeoutSeconds))
    }

    /// How many idle timeouts one request may take in all: a body that keeps arriving, however
    /// slowly, is given up on after this (2 min with the default 30 s timeout).
    public static let deadlineMultiple = 4

    public static func transport(
        maximumConnectionsPerHost: Int, timeout: Duration = .seconds(HTTPClient.defaultTimeoutSeconds),
        deadline: Duration? = nil
    ) -> HTTPClient.Transport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = TimeInterval(timeout.components.seconds)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        // Without this, corelibs parses every response header line for cookies (≈10 % of a
        // sync's client CPU, measured), even with no cookie storage.
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        let transfers = SessionTransfers()
        let session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
        let deadline = deadline ?? timeout * deadlineMultiple
        return { request in
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = "GET"
            for (name, value) in request.headers {
                urlRequest.setValue(value, forHTTPHeaderField: name)
            }
            return try await transfers.run(session.dataTask(with: urlRequest), request, deadline: deadline)
        }
    }

    /// What went wrong, in the words of an `Error:` line.
    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .notConnectedToInternet: return "no network connection"
        case .networkConnectionLost: return "connection lost"
        default: return error.localizedDescription
        }
    }
}

/// Follows redirects, but never carries credentials to another origin: Foundation on Linux
/// forwards `Authorization` to whatever host a redirect names.
enum RedirectPolicy {
    /// The request to follow: `request` itself on the same origin, else without credentials;
    /// nil (the 3xx is then the answer, refused as such) for anything but http(s).
    static func redirect(_ request: URLRequest, from origin: URL?) -> URLRequest? {
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        guard let target = request.url, let origin, target.hasSameOrigin(as: origin) else {
            var stripped = request
            stripped.setValue(nil, forHTTPHeaderField: "Authorization")
            return stripped
        }
        return request
    }
}
