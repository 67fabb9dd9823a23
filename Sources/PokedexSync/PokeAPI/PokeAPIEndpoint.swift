import HTTPTypes
import LocalDatabase
import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// PokeAPI v2 requests. The list is addressed by offset and limit once; after that the
/// sync follows the URLs the API hands out (`next`, each entry's `url`) verbatim.
public enum PokeAPIEndpoint: Sendable {
    /// The root index, `{base}/`: each kind's name and list URL.
    case rootIndex
    case pokemonList(offset: Int, limit: Int)
    /// A resource's list (`pokemon/`, `type/`, `ability/`, `pokemon-species/`) from `offset`.
    case list(path: String, offset: Int, limit: Int)
    /// A list page's `next` link, resolved against the base if relative.
    case listPage(String)
    /// A list entry's `url`: one Pokémon's details.
    case details(String)
    /// A URL a list entry or a stored body gave for one entry's details (a Pokémon, a type,
    /// an ability, a species, an evolution chain), with its kind's body cap.
    case resourceDetails(String, maximumBytes: Int)

    /// A list page: the whole Pokémon list in one page is 131 KB (1,351 entries), and pokedex
    /// asks for 1,000 at a time.
    static let maximumListPageBytes = 1 << 20
    /// One Pokémon's details: the largest in the dataset (mew) is 665 KB as served, 1.34 MB
    /// pretty-printed; the median 99 KB. Four connections each receiving one this large stay
    /// well within the sync's memory bound.
    static let maximumDetailsBytes = 4 << 20
    /// One type, ability, species or evolution chain: the largest in the dataset are 55, 49,
    /// 81 and 39 KB with relative URLs (about twice that with absolute ones).
    static let maximumResourceDetailsBytes = 1 << 20
    /// One body of a kind kept whole: the largest are a location area (1.2 MB) and a
    /// Pokémon's encounters (2.5 MB).
    static let maximumStoredBodyBytes = 8 << 20

    public func request(baseURL: URL, etag: String? = nil) throws(FetchError) -> HTTPRequest {
        let url: URL
        switch self {
        case .rootIndex:
            let base = baseURL.absoluteString
            guard let root = URL(string: base.hasSuffix("/") ? base : base + "/") else {
                throw .unreachable(url: base, reason: "not a usable base URL")
            }
            url = root
        case .pokemonList(let offset, let limit):
            url = try Self.listURL(baseURL: baseURL, path: "pokemon/", offset: offset, limit: limit)
        case .list(let path, let offset, let limit):
            url = try Self.listURL(baseURL: baseURL, path: path, offset: offset, limit: limit)
        case .listPage(let link), .details(let link), .resourceDetails(let link, _):
            guard let resolved = URL.onOrigin(of: baseURL, link) else {
                if let other = URL(string: link), other.scheme == "http" || other.scheme == "https" {
                    throw .offAPI(url: link, base: baseURL.absoluteString)
                }
                throw .undecodable(url: link, reason: "not an http(s) URL on the API's origin", bodyPrefix: "")
            }
            url = resolved
        }
        var headers = ["Accept": "application/json", "User-Agent": PokedexVersion.userAgent]
        if let etag { headers["If-None-Match"] = etag }
        return HTTPRequest(url: url, headers: headers, maximumBodyBytes: maximumBodyBytes)
    }

    private static func listURL(baseURL: URL, path: String, offset: Int, limit: Int) throws(FetchError) -> URL {
        var components = URLComponents(
            url: baseURL.appendingPathComponent(path),
            resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "offset", value: String(offset)),
            URLQueryItem(name: "limit", value: String(limit)),
        ]
        guard let built = components?.url else {
            throw .unreachable(url: baseURL.absoluteString, reason: "not a usable base URL")
        }
        return built
    }

    private var maximumBodyBytes: Int {
        switch self {
        case .rootIndex, .pokemonList, .list, .listPage: Self.maximumListPageBytes
        case .details: Self.maximumDetailsBytes
        case .resourceDetails(_, let maximumBytes): maximumBytes
        }
    }
}
