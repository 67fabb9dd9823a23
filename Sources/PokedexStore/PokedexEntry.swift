/// What `show`, `type`, `ability` and `list` read beyond the catalog: species, evolution
/// chains, types and abilities with their names in a display language. Every localized text
/// falls back to English, then to the slug; nil or empty where nothing is synced yet.

/// A type with its display name.
public struct NamedType: Sendable, Equatable {
    public let name: String
    public let displayName: String

    public init(name: String, displayName: String) {
        self.name = name
        self.displayName = displayName
    }
}

/// A Pokémon's full entry.
public struct PokedexEntry: Sendable {
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
}

public struct AlsoNamed: Sendable, Equatable {
    /// The Pokémon's slug.
    public let pokemon: String
    public let displayName: String
    /// Languages in which the query names it.
    public let languages: [String]
}

public struct SpeciesFacts: Sendable, Equatable {
    public let id: Int
    public let name: String
    public let generation: Int?
    public let generationName: String?
    public let isLegendary: Bool
    public let isMythical: Bool
    public let isBaby: Bool
    public let captureRate: Int?
    /// Eighths female; -1 genderless.
    public let genderRate: Int?
    public let eggGroups: [String]
}

public struct EntryAbility: Sendable, Equatable {
    public let name: String
    public let displayName: String
    public let isHidden: Bool
    public let slot: Int
    /// `short_effect` in the display language, else English.
    public let shortEffect: String?
}

public struct FlavorText: Sendable, Equatable {
    public let text: String
    public let version: String
    public let language: String
}

/// An evolution chain: its members in the chain's depth-first order.
public struct EvolutionChain: Sendable, Equatable {
    public let id: Int
    /// The item a parent holds for its egg to hatch the chain's baby (Full Incense for Munchlax).
    public let babyTriggerItem: String?
    public let members: [EvolutionMember]

    public init(id: Int, babyTriggerItem: String? = nil, members: [EvolutionMember]) {
        self.id = id
        self.babyTriggerItem = babyTriggerItem
        self.members = members
    }
}

public struct EvolutionMember: Sendable, Equatable {
    /// Its position in its own chain (`evolution_chain_member.position`).
    public let position: Int
    public let speciesName: String
    public let displayName: String
    public let evolvesFrom: String?
    public let isBaby: Bool
    /// The species' usual Pokémon (`lycanroc-midday`), when its species is synced: a step's
    /// `baseForm`/`evolvedForm` naming it means the species itself, not a regional form.
    public let defaultForm: String?
    /// The ways it is reached from the one before (any of them).
    public let steps: [EvolutionStep]

    public init(
        position: Int, speciesName: String, displayName: String, evolvesFrom: String?, isBaby: Bool = false,
        defaultForm: String? = nil, steps: [EvolutionStep] = []
    ) {
        self.position = position
        self.speciesName = speciesName
        self.displayName = displayName
        self.evolvesFrom = evolvesFrom
        self.isBaby = isBaby
        self.defaultForm = defaultForm
        self.steps = steps
    }
}

/// One row of `evolution_step`; nil conditions do not apply.
public struct EvolutionStep: Sendable, Equatable {
    public var trigger: String?
    public var minLevel: Int?
    public var item: String?
    public var heldItem: String?
    public var timeOfDay: String?
    public var knownMove: String?
    public var knownMoveType: String?
    public var minHappiness: Int?
    public var minAffection: Int?
    public var minBeauty: Int?
    public var location: String?
    /// 1 female, 2 male.
    public var gender: Int?
    public var needsOverworldRain: Bool?
    public var partySpecies: String?
    public var partyType: String?
    public var relativePhysicalStats: Int?
    public var tradeSpecies: String?
    public var turnUpsideDown: Bool?
    /// A move used `minMoveCount` times (Rage Fist ×20 for Annihilape).
    public var usedMove: String?
    public var minMoveCount: Int?
    /// Steps walked with it (Pawmot).
    public var minSteps: Int?
    /// HP of damage taken (Runerigus), or of recoil damage (Basculegion).
    public var minDamageTaken: Int?
    public var nearSpecialRock: Bool?
    public var needsMultiplayer: Bool?
    /// The region this way applies in (`alola`).
    public var region: String?
    /// The Pokémon (form) that evolves this way (`meowth-galar`); nil for the species' usual one.
    public var baseForm: String?
    /// The Pokémon (form) it becomes (`raichu-alola`); nil for the species' usual one.
    public var evolvedForm: String?
    /// The games this way applies to (`sword-shield`).
    public var versionGroup: String?

    public init(trigger: String?) {
        self.trigger = trigger
    }
}

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
}

/// `pokedex type NAME`.
public struct TypeEntry: Sendable {
    public let type: NamedType
    public let generation: String?
    /// Whether its damage relations are synced.
    public let hasDetails: Bool
    /// What its moves do to each defending type, grouped by multiplier (2×, ½×, 0×).
    public let damageDealt: [(TypeMatchups.Multiplier, [NamedType])]
    /// What each attacking type's moves do to it.
    public let damageTaken: [(TypeMatchups.Multiplier, [NamedType])]
    public let pokemon: [ListedPokemon]
}

/// `pokedex ability NAME`.
public struct AbilityEntry: Sendable {
    public let name: String
    public let displayName: String
    public let generation: String?
    public let shortEffect: String?
    public let effect: String?
    public let pokemon: [(pokemon: ListedPokemon, isHidden: Bool)]
}
