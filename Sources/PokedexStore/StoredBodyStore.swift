import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// What sync writes for a kind kept as its bodies only, in the shared tables: every kind
/// without tables of its own, and the Pokémon's encounters.
public struct StoredBodyStore: ResourceTablesStore {
    public typealias Downloaded = DownloadedResource<StoredBodyFields>
    public let database: Database
    public let tables: ResourceTables

    let extraction: PokeAPIResource.Extraction
    let kind: String

    public init(database: Database, resource: PokeAPIResource) {
        self.database = database
        tables = resource.tables
        extraction = resource.extraction
        kind = resource.kind.name
    }

    /// Inside `beginPage`/`commitPage`, after its entry; its typed rows with it, when read.
    public func saveDetails(_ downloaded: Downloaded) throws {
        if extraction == .versionGroup { try saveVersionGroup(downloaded.fields) }
        try tables.saveBody(database, id: downloaded.id, body: downloaded.body, etag: downloaded.etag)
        if let typed = downloaded.fields.typed {
            try TypedBodyStore(database: database).apply(typed, kind: kind, id: downloaded.id)
        }
    }

    /// A version group's row: its place among the games, which orders `show`'s learnsets.
    public func saveVersionGroup(_ fields: StoredBodyFields) throws {
        try database.run(
            """
            INSERT INTO version_group (id, name, generation, sort_order) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                name = excluded.name, generation = excluded.generation, sort_order = excluded.sort_order
            """,
            [.int(fields.id), .string(fields.name), .string(fields.generation), .int(fields.order)])
    }
}
