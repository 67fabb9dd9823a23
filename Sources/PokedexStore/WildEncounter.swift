/// One way a Pokémon is met in the wild, from its `/pokemon/{id}/encounters`: where, in which
/// game, how, at which levels and chance, under which conditions (slugs).
public struct WildEncounter: Sendable, Equatable {
    public let locationArea: String
    public let version: String
    public let method: String
    public let minLevel: Int?
    public let maxLevel: Int?
    public let chance: Int?
    public let conditions: [String]

    public init(
        locationArea: String, version: String, method: String, minLevel: Int?, maxLevel: Int?, chance: Int?,
        conditions: [String]
    ) {
        self.locationArea = locationArea
        self.version = version
        self.method = method
        self.minLevel = minLevel
        self.maxLevel = maxLevel
        self.chance = chance
        self.conditions = conditions
    }
}
