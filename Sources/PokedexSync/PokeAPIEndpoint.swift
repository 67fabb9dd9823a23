import Foundation
import PokedexStore

/// PokeAPI v2 requests. The list is addressed by offset and limit once; after that the
/// sync follows the URLs the API hands out (`next`, each entry's `url`) verbatim.
public enum PokeAPIEndpoint: Sendable {
    case pokemonList(offset: Int, limit: Int)
    /// A list page's `next` link, resolved against the base if relative.
    case listPage(String)
    /// A list entry's `url`: one Pokémon's details.
    case details(String)

    public static let defaultBaseURL = "https://pokeapi.co/api/v2"

    /// A list page: the whole catalog in one page is 131 KB (1,351 entries), and pokedex asks
    /// for 100 at a time.
    static let maximumListPageBytes = 1 << 20
    /// One Pokémon's details: the largest in the dataset (mew) is 665 KB as served, 1.34 MB
    /// pretty-printed; the median 99 KB. Four connections each receiving one this large stay
    /// well within the sync's memory bound.
    static let maximumDetailsBytes = 4 << 20

    public func request(baseURL: URL, etag: String? = nil) throws(FetchError) -> HTTPRequest {
        let url: URL
        switch self {
        case .pokemonList(let offset, let limit):
            var components = URLComponents(
                url: baseURL.appendingPathComponent("pokemon/"),
                resolvingAgainstBaseURL: false)
            components?.queryItems = [
                URLQueryItem(name: "offset", value: String(offset)),
                URLQueryItem(name: "limit", value: String(limit)),
            ]
            guard let built = components?.url else {
                throw .unreachable(url: baseURL.absoluteString, reason: "not a usable base URL")
            }
            url = built
        case .listPage(let link), .details(let link):
            guard let resolved = URL.onOrigin(of: baseURL, link) else {
                throw .undecodable(url: link, reason: "not an http(s) URL on the API's origin", bodyPrefix: "")
            }
            url = resolved
        }
        var headers = ["Accept": "application/json", "User-Agent": PokedexVersion.userAgent]
        if let etag { headers["If-None-Match"] = etag }
        return HTTPRequest(url: url, headers: headers, maximumBodyBytes: maximumBodyBytes)
    }

    private var maximumBodyBytes: Int {
        switch self {
        case .pokemonList, .listPage: Self.maximumListPageBytes
        case .details: Self.maximumDetailsBytes
        }
    }

}
