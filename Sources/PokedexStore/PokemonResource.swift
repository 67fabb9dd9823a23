/// Facts computed from PokeAPI resources. `pokemon_summary` in `Migrations/` computes the
/// same in SQL, for sqlite3 and Datasette users.
public enum PokemonResource {
    /// The id in a resource URL such as `https://pokeapi.co/api/v2/pokemon/25/`: its last
    /// non-empty path segment, with or without a trailing slash, query or fragment.
    public static func id(fromURL url: String) throws(ResourceURLError) -> Int {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        guard let segment = path.split(separator: "/", omittingEmptySubsequences: true).last,
              segment.allSatisfy({ $0.isASCII && $0.isNumber }),
              let id = Int(segment), id > 0
        else { throw ResourceURLError(url: url) }
        return id
    }

    /// PokeAPI's pattern for official artwork, used where the API gives none.
    public static func derivedArtworkURL(id: Int) -> String {
        "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/\(id).png"
    }

    /// The artwork to show: the API's own link when it has one, else the derived one.
    public static func artwork(id: Int, official: String?) -> Artwork {
        if let official { return Artwork(url: official, derived: false) }
        return Artwork(url: derivedArtworkURL(id: id), derived: true)
    }
}

/// An official-artwork link and whether it was built from the id rather than given by the API.
public struct Artwork: Sendable, Equatable {
    public let url: String
    public let derived: Bool
}

/// A resource URL whose last path segment is not a positive integer id.
public struct ResourceURLError: Error, Equatable, CustomStringConvertible {
    public let url: String
    public var description: String { "no Pokémon id at the end of resource URL \"\(url)\"" }
}
