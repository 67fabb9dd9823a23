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
