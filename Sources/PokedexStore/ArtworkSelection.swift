import JSONOutput
import SQLiteDatabase

/// Which images `sync --artwork` stores.
public enum ArtworkSelection: String, Sendable, CaseIterable {
    case none
    /// Each Pokémon's sprite (≈1–3 KB): what `show` draws.
    case sprites
    /// Sprites, shiny sprites and official artwork.
    case all

    public var kinds: [ImageKind] {
        switch self {
        case .none: return []
        case .sprites: return [.sprite]
        case .all: return ImageKind.allCases
        }
    }
}
