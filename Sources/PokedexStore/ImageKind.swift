import JSONOutput
import SQLiteDatabase

/// The images a Pokémon's detail body links, as `pokemon_image.kind` names them.
public enum ImageKind: String, Sendable, CaseIterable, CustomStringConvertible {
    /// `sprites.front_default`: the small sprite `show` draws.
    case sprite
    /// `sprites.front_shiny`.
    case shiny
    /// `sprites.other["official-artwork"].front_default`: large.
    case official

    public var description: String {
        switch self {
        case .sprite: return "sprite"
        case .shiny: return "shiny sprite"
        case .official: return "official artwork"
        }
    }

    /// The `pokemon` column holding the URL the stored body gives: a constant of this enum,
    /// the only text spliced into the store's statements.
    var urlColumn: String {
        switch self {
        case .sprite: return "sprite_url"
        case .shiny: return "shiny_sprite_url"
        case .official: return "official_artwork_url"
        }
    }
}
