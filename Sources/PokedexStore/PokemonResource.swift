/// Facts computed from PokeAPI resources. `pokemon_summary` in `Migrations/` computes the
/// same in SQL, for sqlite3 and Datasette users.
public enum PokemonResource {
    /// The id in a resource URL such as `https://pokeapi.co/api/v2/pokemon/25/`: its last
    /// non-empty path segment, with or without a trailing slash, query or fragment.
    /// Reads bytes rather than Characters: it runs for every list entry of every sync, where
    /// splitting into Substrings was a visible share of a refresh that changes nothing.
    public static func id(fromURL url: String) throws(ResourceURLError) -> Int {
        let id = try signedID(fromURL: url)
        guard id > 0 else { throw ResourceURLError(url: url) }
        return id
    }

    /// The id at the end of an entry's URL where it may be 0 or negative: a few kinds start at
    /// -1 (`move-ailment/-1/` is "unknown") or 0 (`move-category/0/`), which the walk's
    /// range then takes or refuses.
    public static func signedID(fromURL url: String) throws(ResourceURLError) -> Int {
        let slash = UInt8(ascii: "/"), zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
        let bytes = Array(url.utf8)
        var end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        while end > 0 && bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > 0 && bytes[start - 1] != slash { start -= 1 }
        let negative = start < end && bytes[start] == UInt8(ascii: "-")
        if negative { start += 1 }
        guard start < end else { throw ResourceURLError(url: url) }
        var id = 0
        for byte in bytes[start..<end] {
            guard byte >= zero && byte <= nine else { throw ResourceURLError(url: url) }
            let (shifted, overflowed) = id.multipliedReportingOverflow(by: 10)
            let (sum, carried) = shifted.addingReportingOverflow(Int(byte - zero))
            guard !overflowed && !carried else { throw ResourceURLError(url: url) }
            id = sum
        }
        return negative ? -id : id
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
