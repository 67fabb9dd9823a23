/// One synthetic Pokémon served by ``FakePokeAPI``. Only names echo the real games; stats and
/// measurements are generated, so tests never depend on (or ship) real PokeAPI data.
public struct FakePokemon: Sendable {
    public var id: Int
    public var name: String
    /// Type names in slot order.
    public var types: [String]
    /// Abilities in slot order; hidden ones are served with slot 3 like PokeAPI does.
    public var abilities: [(name: String, hidden: Bool)]
    /// Base stats in PokeAPI order: hp, attack, defense, special-attack, special-defense, speed.
    public var stats: [(name: String, base: Int, effort: Int)]
    public var height: Int
    public var weight: Int
    public var baseExperience: Int?
    public var order: Int
    public var speciesName: String
    /// Served as `sprites.other["official-artwork"].front_default`; nil is served as JSON null.
    public var officialArtwork: String?
    /// Served as `sprites.front_default` and `sprites.front_shiny`; nil (the default: no test
    /// reaches an image host unless it serves one) is served as JSON null.
    public var sprite: String?
    public var shinySprite: String?
    /// How many dummy `moves` entries to serve, to make bodies realistically large.
    public var fillerMoves: Int

    /// The six stat names, in the order PokeAPI lists them.
    public static let statNames = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]

    public init(
        id: Int, name: String, types: [String], abilities: [(name: String, hidden: Bool)],
        stats: [(name: String, base: Int, effort: Int)], height: Int, weight: Int,
        baseExperience: Int?, order: Int, speciesName: String? = nil, officialArtwork: String?,
        fillerMoves: Int = 0
    ) {
        self.id = id
        self.name = name
        self.types = types
        self.abilities = abilities
        self.stats = stats
        self.height = height
        self.weight = weight
        self.baseExperience = baseExperience
        self.order = order
        self.speciesName = speciesName ?? name
        self.officialArtwork = officialArtwork
        self.fillerMoves = fillerMoves
    }

    /// The artwork URL pattern PokeAPI uses; the standard catalog serves it for most entries.
    public static func officialArtworkURL(id: Int) -> String {
        "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/\(id).png"
    }

    /// A complete entry whose numbers are derived from `id` alone, for tests that `add` Pokémon.
    public static func synthetic(
        id: Int, name: String, types: [String] = ["normal"],
        abilities: [(name: String, hidden: Bool)] = [(name: "run-away", hidden: false)]
    ) -> FakePokemon {
        FakePokemon(
            id: id, name: name, types: types, abilities: abilities,
            stats: syntheticStats(seed: id),
            height: 3 + (id * 7) % 25,
            weight: 15 + (id * 113) % 1500,
            baseExperience: 40 + (id * 29) % 260,
            order: id < 10_000 ? id + 10 : 60 + id % 10_000,
            officialArtwork: officialArtworkURL(id: id),
            fillerMoves: 5 + (id * 17) % 60)
    }

    /// 55 entries: ids 1…50 in order, then the alternate forms 10001…10005.
    ///
    /// Deliberate awkward cases: punctuation-derived slugs (`mr-mime`, `farfetchd`, `type-null`,
    /// `ho-oh`, `porygon2`), two-type entries, `nil` artwork for 10004/10005, `nil` base
    /// experience for 10005, forms whose species differs from their name, and one large body (id 6).
    public static func standardCatalog() -> [FakePokemon] {
        catalogRows.map { row in
            var pokemon = synthetic(
                id: row.id, name: row.name, types: row.types,
                abilities: row.abilities.map { ability in
                    ability.hasSuffix("*")
                        ? (name: String(ability.dropLast()), hidden: true) : (name: ability, hidden: false)
                })
            pokemon.speciesName = row.species ?? row.name
            switch row.id {
            case 6:
                pokemon.fillerMoves = 400
            case 25:
                pokemon.stats = zip(statNames, [(35, 0), (55, 0), (40, 0), (50, 0), (50, 0), (90, 2)])
                    .map { (name: $0, base: $1.0, effort: $1.1) }
                pokemon.height = 4
                pokemon.weight = 60
                pokemon.baseExperience = 112
                pokemon.order = 35
            case 10004:
                pokemon.officialArtwork = nil
            case 10005:
                pokemon.officialArtwork = nil
                pokemon.baseExperience = nil
            default:
                break
            }
            return pokemon
        }
    }

    /// The standard catalog plus synthetic fillers up to id 245: 250 entries, one list page
    /// that pokedex commits in three pages of 100, for tests that need several commits.
    public static func threePageCatalog() -> [FakePokemon] {
        standardCatalog() + (51...245).map { synthetic(id: $0, name: "filler-\($0)") }
    }

    private static func syntheticStats(seed id: Int) -> [(name: String, base: Int, effort: Int)] {
        statNames.enumerated().map { index, name in
            (
                name: name,
                base: 20 + (id * 37 + index * 53) % 131,
                effort: index == id % 6 ? 1 + id % 3 : 0
            )
        }
    }

    private struct CatalogRow {
        let id: Int
        let name: String
        let types: [String]
        /// A trailing `*` marks a hidden ability.
        let abilities: [String]
        var species: String? = nil
    }

    private static let catalogRows: [CatalogRow] = [
        CatalogRow(id: 1, name: "bulbasaur", types: ["grass", "poison"], abilities: ["overgrow", "chlorophyll*"]),
        CatalogRow(id: 2, name: "ivysaur", types: ["grass", "poison"], abilities: ["overgrow", "chlorophyll*"]),
        CatalogRow(id: 3, name: "venusaur", types: ["grass", "poison"], abilities: ["overgrow", "chlorophyll*"]),
        CatalogRow(id: 4, name: "charmander", types: ["fire"], abilities: ["blaze", "solar-power*"]),
        CatalogRow(id: 5, name: "charmeleon", types: ["fire"], abilities: ["blaze", "solar-power*"]),
        CatalogRow(id: 6, name: "charizard", types: ["fire", "flying"], abilities: ["blaze", "solar-power*"]),
        CatalogRow(id: 7, name: "squirtle", types: ["water"], abilities: ["torrent", "rain-dish*"]),
        CatalogRow(id: 8, name: "wartortle", types: ["water"], abilities: ["torrent", "rain-dish*"]),
        CatalogRow(id: 9, name: "blastoise", types: ["water"], abilities: ["torrent", "rain-dish*"]),
        CatalogRow(id: 10, name: "caterpie", types: ["bug"], abilities: ["shield-dust", "run-away*"]),
        CatalogRow(id: 11, name: "metapod", types: ["bug"], abilities: ["shed-skin"]),
        CatalogRow(
            id: 12, name: "butterfree", types: ["bug", "flying"], abilities: ["compound-eyes", "tinted-lens*"]),
        CatalogRow(id: 13, name: "weedle", types: ["bug", "poison"], abilities: ["shield-dust", "run-away*"]),
        CatalogRow(id: 14, name: "kakuna", types: ["bug", "poison"], abilities: ["shed-skin"]),
        CatalogRow(id: 15, name: "beedrill", types: ["bug", "poison"], abilities: ["swarm", "sniper*"]),
        CatalogRow(
            id: 16, name: "pidgey", types: ["normal", "flying"], abilities: ["keen-eye", "tangled-feet", "big-pecks*"]),
        CatalogRow(
            id: 17, name: "pidgeotto", types: ["normal", "flying"],
            abilities: ["keen-eye", "tangled-feet", "big-pecks*"]),
        CatalogRow(
            id: 18, name: "pidgeot", types: ["normal", "flying"], abilities: ["keen-eye", "tangled-feet", "big-pecks*"]),
        CatalogRow(id: 19, name: "rattata", types: ["normal"], abilities: ["run-away", "guts", "hustle*"]),
        CatalogRow(id: 20, name: "raticate", types: ["normal"], abilities: ["run-away", "guts", "hustle*"]),
        CatalogRow(id: 21, name: "spearow", types: ["normal", "flying"], abilities: ["keen-eye", "sniper*"]),
        CatalogRow(id: 22, name: "fearow", types: ["normal", "flying"], abilities: ["keen-eye", "sniper*"]),
        CatalogRow(id: 23, name: "ekans", types: ["poison"], abilities: ["intimidate", "shed-skin", "unnerve*"]),
        CatalogRow(id: 24, name: "arbok", types: ["poison"], abilities: ["intimidate", "shed-skin", "unnerve*"]),
        CatalogRow(id: 25, name: "pikachu", types: ["electric"], abilities: ["static", "lightning-rod*"]),
        CatalogRow(id: 26, name: "raichu", types: ["electric"], abilities: ["static", "lightning-rod*"]),
        CatalogRow(id: 27, name: "sandshrew", types: ["ground"], abilities: ["sand-veil", "sand-rush*"]),
        CatalogRow(id: 28, name: "sandslash", types: ["ground"], abilities: ["sand-veil", "sand-rush*"]),
        CatalogRow(id: 29, name: "nidoran-f", types: ["poison"], abilities: ["poison-point", "rivalry", "hustle*"]),
        CatalogRow(id: 30, name: "nidorina", types: ["poison"], abilities: ["poison-point", "rivalry", "hustle*"]),
        CatalogRow(
            id: 31, name: "nidoqueen", types: ["poison", "ground"],
            abilities: ["poison-point", "rivalry", "sheer-force*"]),
        CatalogRow(id: 32, name: "nidoran-m", types: ["poison"], abilities: ["poison-point", "rivalry", "hustle*"]),
        CatalogRow(id: 33, name: "nidorino", types: ["poison"], abilities: ["poison-point", "rivalry", "hustle*"]),
        CatalogRow(
            id: 34, name: "nidoking", types: ["poison", "ground"],
            abilities: ["poison-point", "rivalry", "sheer-force*"]),
        CatalogRow(
            id: 35, name: "mr-mime", types: ["psychic", "fairy"], abilities: ["soundproof", "filter", "technician*"]),
        CatalogRow(
            id: 36, name: "farfetchd", types: ["normal", "flying"], abilities: ["keen-eye", "inner-focus", "defiant*"]),
        CatalogRow(id: 37, name: "flabebe", types: ["fairy"], abilities: ["flower-veil", "symbiosis*"]),
        CatalogRow(id: 38, name: "type-null", types: ["normal"], abilities: ["battle-armor"]),
        CatalogRow(id: 39, name: "ho-oh", types: ["fire", "flying"], abilities: ["pressure", "regenerator*"]),
        CatalogRow(id: 40, name: "porygon-z", types: ["normal"], abilities: ["adaptability", "download", "analytic*"]),
        CatalogRow(
            id: 41, name: "mime-jr", types: ["psychic", "fairy"], abilities: ["soundproof", "filter", "technician*"]),
        CatalogRow(id: 42, name: "porygon2", types: ["normal"], abilities: ["trace", "download", "analytic*"]),
        CatalogRow(id: 43, name: "jangmo-o", types: ["dragon"], abilities: ["bulletproof", "soundproof", "overcoat*"]),
        CatalogRow(
            id: 44, name: "kommo-o", types: ["dragon", "fighting"],
            abilities: ["bulletproof", "soundproof", "overcoat*"]),
        CatalogRow(
            id: 45, name: "tapu-koko", types: ["electric", "fairy"], abilities: ["electric-surge", "telepathy*"]),
        CatalogRow(
            id: 46, name: "mr-rime", types: ["ice", "psychic"],
            abilities: ["tangled-feet", "screen-cleaner", "ice-body*"]),
        CatalogRow(id: 47, name: "paras", types: ["bug", "grass"], abilities: ["effect-spore", "dry-skin", "damp*"]),
        CatalogRow(
            id: 48, name: "parasect", types: ["bug", "grass"], abilities: ["effect-spore", "dry-skin", "damp*"]),
        CatalogRow(
            id: 49, name: "venonat", types: ["bug", "poison"], abilities: ["compound-eyes", "tinted-lens", "run-away*"]),
        CatalogRow(
            id: 50, name: "venomoth", types: ["bug", "poison"],
            abilities: ["shield-dust", "tinted-lens", "wonder-skin*"]),
        CatalogRow(id: 10001, name: "deoxys-attack", types: ["psychic"], abilities: ["pressure"], species: "deoxys"),
        CatalogRow(id: 10002, name: "deoxys-defense", types: ["psychic"], abilities: ["pressure"], species: "deoxys"),
        CatalogRow(id: 10003, name: "deoxys-speed", types: ["psychic"], abilities: ["pressure"], species: "deoxys"),
        CatalogRow(
            id: 10004, name: "pikachu-rock-star", types: ["electric"], abilities: ["static", "lightning-rod*"],
            species: "pikachu"),
        CatalogRow(
            id: 10005, name: "pikachu-belle", types: ["electric"], abilities: ["static", "lightning-rod*"],
            species: "pikachu"),
    ]
}
