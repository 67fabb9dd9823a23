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
