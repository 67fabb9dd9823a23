import HTTPTypes

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A link a stored body gave, checked before the sync follows it: only on the API's origin,
/// where every request of the sync goes. Bodies keep the links of the API they were downloaded
/// from, so after `--pokeapi-url` moves, those reused as recent still point at the old one.
enum StoredLink {
    /// `link` when it is on `base`'s origin (or relative to it).
    static func checked(_ link: String, base: URL) throws(StoredLinkError) -> String {
        guard URL.onOrigin(of: base, link) == nil else { return link }
        throw StoredLinkError(url: link, base: base)
    }
}

/// A link a stored body gave that is not on the API's origin: not followed, and no request
/// was sent for it. Not a `FetchError`, whose messages quote a request and its answer.
public struct StoredLinkError: Error, CustomStringConvertible, Equatable {
    public let url: String
    /// The API's base URL the sync used.
    public let base: URL

    public var description: String {
        let origin = URL(string: "/", relativeTo: base)?.absoluteString ?? base.absoluteString
        return "a stored body links to \(url), not on the API's origin (\(origin)): not followed, and no request "
            + "was sent; bodies keep the links of the API they came from, so after moving --pokeapi-url, "
            + "`pokedex sync --max-age 0` (without --resources) downloads them again from this one"
    }
}
