/// A Pokémon as `list`, `type` and `ability` show it.
public struct ListedPokemon: Sendable, Equatable {
    public let summary: PokemonSummary
    /// The species' National Pokédex number, nil until its species is synced.
    public let pokedexNumber: Int?
    /// The form's slug after the species' (`mega-x`); nil for the species' own Pokémon.
    public let form: String?
    public let displayName: String
    public let generation: Int?
    public let typeNames: [String]
    /// The form's own name in the display language where it is not English (`アタックフォルム`);
    /// nil in English, whose lists name forms by their slugs (`Attack`), or where none is stored.
    public var formLabel: String? = nil
    /// The form's full name in the display language where it is not English and PokeAPI gives
    /// one (`Mega-Glurak X`, where the form's own name, `Mega-Form`, is Mega Y's too).
    public var formName: String? = nil
}
