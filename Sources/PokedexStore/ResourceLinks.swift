import BodyCoding
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

    /// Defines `sqlar_uncompress` on the connection, once: links a partial sync follows are
    /// read from stored bodies, as the sqlite3 shell reads them.
    public init(database: Database) throws {
        self.database = database
        guard !database.functionNames.contains("sqlar_uncompress") else { return }
        try database.defineFunction("sqlar_uncompress", argumentCount: 2, Self.uncompressed)
    }

    /// The sqlite3 shell's `sqlar_uncompress(body, body_size)`: the body as stored when its
    /// size is its length, else inflated.
    static func uncompressed(_ arguments: [SQLValue]) throws -> SQLValue {
        guard case .blob(let bytes) = arguments[0], case .integer(let size) = arguments[1] else { return .null }
        let stored = try StoredBody(
            bytes: Array(bytes), encoding: Int(size) == bytes.count ? .identity : .zlib, decodedSize: Int(size))
        return .blob(ArraySlice(try stored.decoded()))
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
        try database.query(link.sql, [ids.map(SQLValue.jsonArray) ?? .null] + link.parameters) {
            Link(name: $0.text(0), url: $0.text(1), id: $0.columnCount > 2 ? $0.optionalInt(2) : nil)
        }
    }
}
