import SQLiteDatabase

/// An image a Pokémon's stored body links, as a sync last found it at that URL.
public struct LinkedImage: Sendable, Equatable {
    public let kind: ImageKind
    /// The URL the body gives.
    public let url: String
    /// Stored (true), or found missing there (false).
    public let isStored: Bool
}

extension PokemonImageStore {
    /// The images of a Pokémon that a sync stored or found missing at the URL its body gives
    /// now, in `ImageKind.allCases` order.
    public func linkedImages(pokemonID: Int) throws -> [LinkedImage] {
        try ImageKind.allCases.compactMap { kind in
            try database.queryFirst(
                """
                SELECT i.url, i.status = 'stored' FROM pokemon AS p
                JOIN pokemon_image AS i ON i.pokemon_id = p.id AND i.kind = ? AND i.url = p.\(kind.urlColumn)
                WHERE p.id = ?
                """,
                [.text(kind.rawValue), .int(pokemonID)]
            ) { LinkedImage(kind: kind, url: $0.text(0), isStored: $0.bool(1)) }
        }
    }
}
