import SQLiteDatabase

/// The URLs stored bodies gave for other resources: a sync follows them (it never builds
/// resource URLs), and a partial sync takes exactly those of its Pokémon.
public struct ResourceLinks {
    public struct Link: Sendable, Equatable {
        public let name: String
        public let url: String
        /// The entry's id when the link's SQL gives it; otherwise it is read from the URL.
        public var id: Int? = nil
    }

    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The Pokémon `pokedex sync --offset --limit` took when its Pokémon run was skipped: the
    /// stored ones in list (id) order.
    public func pokemonIDs(offset: Int, limit: Int?) throws -> [Int] {
        try database.query(
            "SELECT id FROM pokemon ORDER BY id LIMIT ? OFFSET ?", [.int(limit ?? -1), .int(offset)]
        ) { $0.int(0) }
    }

    /// What `link` finds in the stored rows of its kind with these ids; in every stored row
    /// when `ids` is nil.
    public func follow(_ link: PokeAPIResource.Link, from ids: [Int]?) throws -> [Link] {
        try database.query(link.sql, [ids.map(SQLValue.jsonArray) ?? .null]) {
            Link(name: $0.text(0), url: $0.text(1), id: $0.columnCount > 2 ? $0.optionalInt(2) : nil)
        }
    }
}
