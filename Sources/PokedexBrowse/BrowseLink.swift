/// Where Enter on an evolution or a type leads.
public enum BrowseLink: Equatable, Sendable {
    case pokemon(id: Int)
    /// The Pokémon of a type, by slug: the list filtered with `type:SLUG`.
    case type(slug: String)
}
