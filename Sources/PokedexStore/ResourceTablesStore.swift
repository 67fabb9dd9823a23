import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// The page transaction and freshness bookkeeping the linked kinds' stores share.
public protocol ResourceTablesStore: ResourcePageStore {
    var tables: ResourceTables { get }
}
extension ResourceTablesStore {
    public func storedDetails(maximumAgeSeconds: Int?) throws -> [Int: StoredDetail] {
        try tables.storedDetails(database, maximumAgeSeconds: maximumAgeSeconds)
    }
    public func beginPage(entries: [ResourceListEntry]) throws { try tables.beginPage(database, entries: entries) }
    public func confirmDetails(id: Int) throws { try tables.confirm(database, id: id) }
    public func commitPage() throws { try database.execute("COMMIT") }
    public func rollBackPage() { try? database.execute("ROLLBACK") }
    /// The body stored for `id`, exactly as received; nil if none is.
    public func body(id: Int) throws -> [UInt8]? { try tables.body(database, id: id) }
}
