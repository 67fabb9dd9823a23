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
    /// now, in `ImageKind.allCases` order: one query, as each served body asks.
    public func linkedImages(pokemonID: Int) throws -> [LinkedImage] {
        try database.query(Self.linkedImagesQuery, [.int(pokemonID)]) { row -> LinkedImage? in
            ImageKind(rawValue: row.text(0)).map { LinkedImage(kind: $0, url: row.text(1), isStored: row.bool(2)) }
        }.compactMap { $0 }.sorted { left, right in
            ImageKind.allCases.firstIndex(of: left.kind)! < ImageKind.allCases.firstIndex(of: right.kind)!
        }
    }

    /// The URL column each kind's link is in, chosen by kind: constants of `ImageKind`.
    private static let linkedImagesQuery = """
        SELECT i.kind, i.url, i.status = 'stored' FROM pokemon_image AS i JOIN pokemon AS p ON p.id = i.pokemon_id
        WHERE i.pokemon_id = ? AND i.url = CASE i.kind \(
            ImageKind.allCases.map { "WHEN '\($0.rawValue)' THEN p.\($0.urlColumn)" }.joined(separator: " ")) END
        """
}
