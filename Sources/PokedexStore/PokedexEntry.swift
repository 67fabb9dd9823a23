/// A Pokémon's full entry.
public struct PokedexEntry: Sendable {
    /// A form of the Pokémon: its slug (`unown-b`) and its own name in the display language
    /// (`B`), else in the language's other script, else English, else its slug's words.
    public struct Form: Sendable, Equatable {
        public let name: String
        public let displayName: String
    }

    public let profile: PokemonProfile
    /// The species' National Pokédex number (`26` for raichu-alola), nil until its species is synced.
    public let pokedexNumber: Int?
    /// The form's slug after the species' (`alola`); nil for the species' own Pokémon.
    public let form: String?
    /// The display language, as stored (`en`, `zh-hant`).
    public let language: String
    public let displayName: String
    public let genus: String?
    public let species: SpeciesFacts?
    public let types: [NamedType]
    public let abilities: [EntryAbility]
    public let flavorText: FlavorText?
    public let evolution: EvolutionChain?
    /// Attacking types grouped by multiplier (4×, 2×, ½×, ¼×, 0×); empty until types are synced.
    public let defense: [(TypeMatchups.Multiplier, [NamedType])]
    /// The species' other Pokémon (`pikachu-rock-star`, …).
    public let otherVarieties: [String]
    /// Other Pokémon whose name in some language folds to the same text as the query.
    public var alsoNamed: [AlsoNamed] = []
    /// The moves it learns in one version group (`show --game`, else the newest); nil when no
    /// learnset is stored.
    public var learnset: Learnset?
    /// The display names of its egg groups and stats, keyed `kind/slug` (`egg-group/ground`:
    /// "Field"), where those kinds are stored.
    public var names: [String: String] = [:]
    /// Where it is met in the wild, when its encounters are stored.
    public var whereFound: WhereFound?
    /// Its forms that are not Pokémon of their own (Unown's letters, Vivillon's patterns), in
    /// PokeAPI's order, when it has more than one stored.
    public var forms: [Form] = []
    /// A form's full name as its stored `pokemon-form` gives it in the display language
    /// (`Alolan Raichu`, `Mega Charizard X`); nil for the species' own Pokémon, a form not
    /// stored, or one not named in that language.
    public var formDisplayName: String?
}
