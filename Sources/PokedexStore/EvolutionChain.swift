/// An evolution chain: its members in the chain's depth-first order.
public struct EvolutionChain: Sendable, Equatable {
    public let id: Int
    /// The item a parent holds for its egg to hatch the chain's baby (Full Incense for Munchlax).
    public let babyTriggerItem: String?
    public let members: [EvolutionMember]
    /// The display names of the items, moves, places and regions the steps name, keyed
    /// `kind/slug` (`item/kings-rock`), where those kinds are stored.
    public var conditionNames: [String: String] = [:]

    public init(id: Int, babyTriggerItem: String? = nil, members: [EvolutionMember]) {
        self.id = id
        self.babyTriggerItem = babyTriggerItem
        self.members = members
    }
}
