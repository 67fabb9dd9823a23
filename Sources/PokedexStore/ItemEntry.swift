/// What `item` shows: an item's category, cost and effect, its game text, the wild Pokémon
/// that hold it, and the evolutions it triggers (used or held).
public struct ItemEntry: Sendable, Equatable {
    /// Wild Pokémon holding the item in a version (of `--game`'s group, when given), `rarity`
    /// in percent.
    public struct Holder: Sendable, Equatable {
        public let pokemon: String
        /// Its form's name as `list` gives it ("Alola-Raichu"), else its species' name with
        /// `form`, what its slug adds to the species' (`galar`).
        public let displayName: String
        public let form: String?
        public let version: String
        /// The version's group; the version itself where no stored version names one.
        public let versionGroup: String
        public let rarity: Int?
    }

    /// What the item costs in a version group's games, in Poké Dollars (0: not sold, or not
    /// bought).
    public struct Price: Sendable, Equatable {
        public let versionGroup: String
        public let purchase: Int?
        public let sell: Int?
    }

    public let name: String
    public let displayName: String
    public let category: String?
    public let categoryName: String?
    /// The body's `cost`, which PokeAPI's current bodies leave out for `prices`.
    public let cost: Int?
    /// In the games' order; `--game`'s only, when given.
    public let prices: [Price]
    /// The games any item has a price in, in their order (`--game`'s only): a game among them
    /// without this item's price is one it is not sold in, which ends a run of equal prices;
    /// the others (Colosseum, an expansion) give no prices at all and end none.
    public let pricedGames: [GameGroup]
    public let flingPower: Int?
    public let flingEffect: String?
    public let shortEffect: String?
    public let effect: String?
    public let gameText: MoveEntry.GameText?
    public let holders: [Holder]
    /// The games the item is held in, in their order (`--game`'s only): one a Pokémon does not
    /// hold it in ends that Pokémon's run of chances; others (Colosseum, where other items are
    /// held) end none.
    public var heldGames: [GameGroup] = []
    /// The chains of the evolutions the item triggers, used or held, each whole (the steps
    /// that name the item are the item's).
    public let evolutionChains: [EvolutionChain]
    /// A machine's moves by game, in the games' order (`--game`'s only): TM24 taught
    /// Thunderbolt in Red/Blue, DragonBreath in Gold/Silver.
    public var teaches: [TaughtMove] = []

    /// The move a machine item teaches in a version group's games.
    public struct TaughtMove: Sendable, Equatable {
        public let versionGroup: String
        public let groupName: String
        public let move: String
        public let moveName: String
    }
}

extension [ItemEntry.Holder] {
    /// Each form among the holders by its name in the display language where one is stored
    /// ("Alola-Raichu", "ライチュウ (アローラのすがた)"), as `list` names it.
    func namedByForm(_ formName: (_ pokemon: String, _ speciesName: String) throws -> String?) rethrows -> Self {
        var names: [String: String?] = [:]
        return try map { holder in
            guard holder.form != nil else { return holder }
            if names[holder.pokemon] == nil { names[holder.pokemon] = try formName(holder.pokemon, holder.displayName) }
            guard let name = names[holder.pokemon] ?? nil else { return holder }
            return ItemEntry.Holder(
                pokemon: holder.pokemon, displayName: name, form: nil, version: holder.version,
                versionGroup: holder.versionGroup, rarity: holder.rarity)
        }
    }
}
