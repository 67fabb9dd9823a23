import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// What sync writes for a kind kept as its bodies only, in the shared tables: every kind
/// without tables of its own, and the Pokémon's encounters.
public struct StoredBodyStore: ResourceTablesStore {
    public typealias Downloaded = DownloadedResource<StoredBodyFields>
    public let database: Database
    public let tables: ResourceTables

    public init(database: Database, resource: PokeAPIResource) {
        self.database = database
        tables = resource.tables
    }

    /// Inside `beginPage`/`commitPage`, after its entry.
    public func saveDetails(_ downloaded: Downloaded) throws {
        try tables.saveBody(database, id: downloaded.id, body: downloaded.body, etag: downloaded.etag)
    }
}
