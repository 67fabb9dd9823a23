import SQLiteDatabase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LocalStore {
    /// Closes and deletes a database a first sync created when it holds nothing that sync
    /// stored (only its schema and the record of its runs), with its log and lock files: a
    /// failed first sync leaves no empty file behind to be mistaken for data. Best effort: a
    /// file that cannot be read or deleted stays.
    public static func removeIfEmpty(_ database: Database) {
        let tables =
            (try? database.query(
                """
                SELECT name FROM pragma_table_list
                WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                  AND name NOT IN ('schema_migrations', 'sync_run', 'sync_resource', 'body_compression_pending')
                """
            ) { $0.text(0) }) ?? []
        // Names come from the schema, quoted: they are never input.
        let holdsData = tables.contains { table in
            let quoted =
                "\"" + table.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            return (try? database.queryFirst("SELECT EXISTS (SELECT 1 FROM \(quoted))") { $0.bool(0) }) ?? true
        }
        guard !tables.isEmpty, !holdsData else { return }
        // The file itself, beside which SQLite keeps its log, never a symbolic link to it.
        let file = DatabaseLocation.resolvedFile(database.path)
        database.close()
        for file in [file, file + "-wal", file + "-shm", file + ".lock"] { unlink(file) }
    }
}
