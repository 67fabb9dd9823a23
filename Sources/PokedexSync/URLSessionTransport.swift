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
        let deadline = deadline ?? timeout * HTTPClient.deadlineMultiple
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

/// The redirect policy applied to URLSession's redirects.
extension RedirectPolicy {
    /// The request to follow: `request` itself on the same origin, else without credentials;
    /// nil (the 3xx is then the answer, refused as such) for anything but http(s).
    static func redirect(_ request: URLRequest, from origin: URL?) -> URLRequest? {
        guard let target = request.url else { return nil }
        switch decision(for: target, from: origin) {
        case .refuse: return nil
        case .follow: return request
        case .followWithoutCredentials:
            var stripped = request
            stripped.setValue(nil, forHTTPHeaderField: "Authorization")
            return stripped
        }
    }
}
