#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which redirects pokedex follows and what it carries along: never credentials to another
/// origin (Foundation on Linux forwards `Authorization` to whatever host a redirect names,
/// and a transport that follows redirects itself must decide the same way).
public enum RedirectPolicy {
    /// What to do with a redirect to some URL.
    public enum Decision: Equatable, Sendable {
        /// Not followed: the 3xx is then the answer, refused as such (anything but http(s)).
        case refuse
        /// Followed as the request was, credentials included (same origin).
        case follow
        /// Followed without `Authorization` (another origin).
        case followWithoutCredentials
    }

    /// The statuses whose `Location` is followed.
    public static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// How many redirects one request may take before it fails: a loop ends there.
    public static let maximumRedirects = 10

    /// Where `target` may be followed to from a request first sent to `origin`.
    public static func decision(for target: URL, from origin: URL?) -> Decision {
        guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return .refuse }
        guard let origin, target.hasSameOrigin(as: origin) else { return .followWithoutCredentials }
        return .follow
    }

    /// `request` sent on to `location` (resolved against the URL it was sent to) when
    /// `original` is where the chain started; nil when the redirect is not to be followed.
    public static func redirect(_ request: HTTPRequest, to location: String, from original: URL) -> HTTPRequest? {
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL else { return nil }
        var next = request
        next.url = target
        switch decision(for: target, from: original) {
        case .refuse: return nil
        case .follow: return next
        case .followWithoutCredentials:
            next.headers = next.headers.filter { $0.key.lowercased() != "authorization" }
            return next
        }
    }
}
