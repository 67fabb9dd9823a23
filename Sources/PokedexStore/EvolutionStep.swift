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
