/// One element of a Pokémon's encounters (`/pokemon/{id}/encounters`) that ``FakePokeAPI``
/// serves when asked to: where (a location area) and how (a method, a level range, a chance),
/// in PokeAPI's shape.
public struct FakeEncounter: Sendable {
    public let locationArea: String
    public let locationAreaID: Int
    public let method: String
    public let minimumLevel: Int
    public let maximumLevel: Int
    public let chance: Int

    public init(
        locationArea: String, locationAreaID: Int, method: String = "walk", levels: ClosedRange<Int> = 2...4,
        chance: Int = 20
    ) {
        self.locationArea = locationArea
        self.locationAreaID = locationAreaID
        self.method = method
        minimumLevel = levels.lowerBound
        maximumLevel = levels.upperBound
        self.chance = chance
    }

    /// Encounters for two of the standard catalog's Pokémon (1 and 25); the others keep `[]`.
    public static let standard: [Int: [FakeEncounter]] = [
        1: [
            FakeEncounter(
                locationArea: "pallet-town-area", locationAreaID: 285, method: "gift", levels: 5...5, chance: 100)
        ],
        25: [
            FakeEncounter(locationArea: "viridian-forest-area", locationAreaID: 321, levels: 3...5, chance: 5),
            FakeEncounter(locationArea: "power-plant-area", locationAreaID: 330, levels: 22...26, chance: 25),
        ],
    ]
}
