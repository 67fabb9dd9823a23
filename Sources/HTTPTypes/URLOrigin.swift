#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension URL {
    /// `link` resolved against `base` when it is an http(s) URL on `base`'s own origin: a body
    /// or a header cannot send the sync to another host.
    package static func onOrigin(of base: URL, _ link: String) -> URL? {
        guard let url = URL(string: link, relativeTo: base)?.absoluteURL,
            url.scheme == "http" || url.scheme == "https", url.hasSameOrigin(as: base)
        else { return nil }
        return url
    }

    /// Same scheme, host (any case) and port, default ports included: where credentials may go.
    package func hasSameOrigin(as other: URL) -> Bool {
        scheme?.lowercased() == other.scheme?.lowercased() && host?.lowercased() == other.host?.lowercased()
            && effectivePort == other.effectivePort
    }

    private var effectivePort: Int? {
        port ?? (scheme?.lowercased() == "https" ? 443 : scheme?.lowercased() == "http" ? 80 : nil)
    }
}
