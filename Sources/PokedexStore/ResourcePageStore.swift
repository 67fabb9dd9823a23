import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// What a PokeAPI resource's sync writes through, one page (at most `commitSize` entries of a
/// list page, or of the followed URLs) per transaction: the Pokémon catalog and each resource
/// of a Pokédex entry (types, abilities, species, evolution chains) conform, so one
/// list→detail engine serves them all.
public protocol ResourcePageStore: SendableMetatype {
    /// A detail body as downloaded, with the fields decoded from it.
    associatedtype Downloaded: Sendable

    var database: Database { get }
    /// Every stored body's ETag and freshness (see ``PokemonCatalog/storedDetails(maximumAgeSeconds:)``).
    func storedDetails(maximumAgeSeconds: Int?) throws -> [Int: PokemonCatalog.StoredDetail]
    /// Opens the page's transaction and stores its entries. On a throw none is left open.
    func beginPage(entries: [PokemonListEntry]) throws
    func saveDetails(_ downloaded: Downloaded) throws
    /// The server confirmed the stored body current (304): restarts its age.
    func confirmDetails(id: Int) throws
    func commitPage() throws
    func rollBackPage()
}

extension PokemonCatalog: ResourcePageStore {}

/// A detail body of a Pokédex-entry resource as downloaded, with the fields decoded from it.
public struct DownloadedResource<Fields: Sendable>: Sendable {
    public let id: Int
    public let fields: Fields
    public let body: StoredBody
    public let etag: String?

    public init(id: Int, fields: Fields, body: StoredBody, etag: String?) {
        self.id = id
        self.fields = fields
        self.body = body
        self.etag = etag
    }
}

/// What every Pokédex-entry resource's decoded fields tell the sync: the id (checked against
/// the URL it was reached by) and what cannot be stored (out of ``ResourceLimits``).
public protocol PokedexEntryFields: Sendable {
    var id: Int { get }
    var violation: String? { get }
}

extension TypeDetails: PokedexEntryFields {}
extension AbilityDetails: PokedexEntryFields {}
extension SpeciesDetails: PokedexEntryFields {}
extension EvolutionChainDetails: PokedexEntryFields {}

/// The tables every Pokédex-entry resource has: a row per entry (`id`, `name`, `url`,
/// `listed_at`, `details_synced_at`) and its body as received (`…_json`). Names are constants
/// of this module, never input.
public struct ResourceTables: Sendable {
    let table: String
    let jsonTable: String
    let key: String
    /// Whether entries carry a name (the chains have none: they are reached by URL only).
    var named = true

    func beginPage(_ database: Database, entries: [PokemonListEntry]) throws {
        try database.execute("BEGIN IMMEDIATE")
        do {
            try ListEntryTable(table: table, named: named).save(entries, in: database)
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    func saveBody(_ database: Database, id: Int, body: StoredBody, etag: String?) throws {
        try database.run(
            "UPDATE \(table) SET details_synced_at = \(SQLTimestamp.now) WHERE id = ?", [.int(id)])
        try database.run(
            """
            INSERT INTO \(jsonTable) (\(key), etag, fetched_at, \(RawBody.pokeAPI.columns))
            VALUES (?, ?, \(SQLTimestamp.now), ?, ?, ?)
            ON CONFLICT (\(key)) DO UPDATE SET
                \(RawBody.pokeAPI.excludedAssignments),
                etag = excluded.etag, fetched_at = excluded.fetched_at
            """,
            [.int(id), .string(etag)] + RawBody.values(body))
    }

    func confirm(_ database: Database, id: Int) throws {
        try database.run(
            "UPDATE \(jsonTable) SET fetched_at = \(SQLTimestamp.now) WHERE \(key) = ?", [.int(id)])
    }

    func storedDetails(_ database: Database, maximumAgeSeconds: Int?) throws -> [Int: PokemonCatalog.StoredDetail] {
        let rows = try database.query(
            """
            SELECT \(key), etag, ? IS NOT NULL AND fetched_at > \(SQLTimestamp.nowShiftedByParameter)
            FROM \(jsonTable)
            """,
            [.int(maximumAgeSeconds), .text("-\(maximumAgeSeconds ?? 0) seconds")]
        ) { ($0.int(0), PokemonCatalog.StoredDetail(etag: $0.optionalText(1), isFresh: $0.bool(2))) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    func body(_ database: Database, id: Int) throws -> [UInt8]? {
        try database.queryFirst("SELECT \(RawBody.pokeAPI.columns) FROM \(jsonTable) WHERE \(key) = ?", [.int(id)]) {
            try RawBody.body($0, column: 0)
        }
    }
}

/// The page transaction and freshness bookkeeping the Pokédex-entry stores share.
public protocol ResourceTablesStore: ResourcePageStore {
    static var tables: ResourceTables { get }
}

extension ResourceTablesStore {
    public func storedDetails(maximumAgeSeconds: Int?) throws -> [Int: PokemonCatalog.StoredDetail] {
        try Self.tables.storedDetails(database, maximumAgeSeconds: maximumAgeSeconds)
    }
    public func beginPage(entries: [PokemonListEntry]) throws { try Self.tables.beginPage(database, entries: entries) }
    public func confirmDetails(id: Int) throws { try Self.tables.confirm(database, id: id) }
    public func commitPage() throws { try database.execute("COMMIT") }
    public func rollBackPage() { try? database.execute("ROLLBACK") }
    /// The body stored for `id`, exactly as received; nil if none is.
    public func body(id: Int) throws -> [UInt8]? { try Self.tables.body(database, id: id) }
}

/// A (language, text) pair of a resource's `names`.
public struct LocalizedName: Sendable, Equatable {
    public let language: String
    public let name: String
    public init(language: String, name: String) {
        self.language = language
        self.name = name
    }
}

/// The ranges a Pokédex-entry resource's numbers and lists must fall in to be stored: real
/// data keeps well inside them (species: capture rate 0…255, happiness 0…140, hatch counter
/// 0…120, order 0…1027, 147 flavor texts at most).
public enum ResourceLimits {
    public static let id = PokemonDetails.Limits.id
    public static let byte = 0...255
    public static let genderRate = -1...8
    public static let hatchCounter = 0...10_000
    public static let order = PokemonDetails.Limits.order
    public static let level = 0...1_000
    public static let entries = 0...10_000
    /// Counts a condition asks for: moves used, steps walked, HP of damage taken.
    public static let count = 0...1_000_000

    static func outside(_ name: String, _ value: Int?, _ range: ClosedRange<Int>) -> String? {
        guard let value, !range.contains(value) else { return nil }
        return "\(name) \(value) is outside \(range.lowerBound)…\(range.upperBound)"
    }
}
