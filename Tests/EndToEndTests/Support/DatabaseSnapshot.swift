import CSQLite
import Foundation
import TestSupport
import Testing

/// Which Pokémon a snapshot holds, listed and with details.
struct StoredPokemon {
    /// Ids with a `pokemon` row.
    let listed: Set<Int>
    /// Ids whose detail body is stored.
    let detailed: Set<Int>
}

/// A database pokedex wrote, read through the system SQLite rather than pokedex's own code.
/// The file and its WAL are copied first, just as a crash left them, and the copy is opened:
/// the checks never change what the next pokedex run finds.
final class DatabaseSnapshot {
    private let copy: TemporaryDirectory
    private var handle: OpaquePointer?

    /// Sync times: they differ between two runs of the same sync, so only their NULL-ness is compared.
    static let syncTimes: [String: Set<String>] = [
        "pokemon": ["listed_at", "details_synced_at"], "pokemon_detail_json": ["fetched_at"],
        "github_repository": ["fetched_at"], "github_sync_state": ["reconciled_at"],
        "schema_migrations": ["applied_at"],
        "type": ["listed_at", "details_synced_at"], "type_json": ["fetched_at"],
        "ability": ["listed_at", "details_synced_at"], "ability_json": ["fetched_at"],
        "pokemon_species": ["listed_at", "details_synced_at"], "pokemon_species_json": ["fetched_at"],
        "evolution_chain": ["details_synced_at"], "evolution_chain_json": ["fetched_at"],
        "pokeapi_kind": ["listed_at"], "pokeapi_resource": ["listed_at", "details_synced_at"],
        "pokeapi_resource_json": ["fetched_at"],
    ]

    /// nil when there is no database file.
    init?(of path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        copy = try TemporaryDirectory()
        let target = copy.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: target)
        if FileManager.default.fileExists(atPath: path + "-wal") {
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: target + "-wal")
        }
        guard sqlite3_open_v2(target, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            throw SQLiteFailure(message: "open \(path): \(message)")
        }
    }

    deinit { sqlite3_close_v2(handle) }

    struct SQLiteFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Every row of `sql`, each value rendered with its storage class: `i:5`, `r:1.5`, `t:text`,
    /// `b:hex`, `null`.
    func rows(_ sql: String) throws -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteFailure(message: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw SQLiteFailure(message: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
            }
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_INTEGER: return "i:\(sqlite3_column_int64(statement, column))"
                    case SQLITE_FLOAT: return "r:\(sqlite3_column_double(statement, column))"
                    case SQLITE_TEXT:
                        let count = Int(sqlite3_column_bytes(statement, column))
                        let bytes = UnsafeRawBufferPointer(start: sqlite3_column_text(statement, column), count: count)
                        return "t:" + String(decoding: bytes, as: UTF8.self)
                    case SQLITE_BLOB:
                        let count = Int(sqlite3_column_bytes(statement, column))
                        let bytes = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, column), count: count)
                        return "b:" + bytes.map { String(format: "%02x", $0) }.joined()
                    default: return "null"
                    }
                })
        }
        return rows
    }

    /// `PRAGMA integrity_check` says ok, `PRAGMA foreign_key_check` finds nothing, and the
    /// full-text index agrees with the issues it indexes.
    func expectIntact(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
            try rows("PRAGMA integrity_check") == [["t:ok"]], "\(label): integrity_check",
            sourceLocation: sourceLocation)
        let violations = try rows("PRAGMA foreign_key_check")
        #expect(
            violations.isEmpty, "\(label): foreign_key_check: \(violations.prefix(5))", sourceLocation: sourceLocation)
        if try !rows("SELECT 1 FROM sqlite_schema WHERE name = 'github_issue_fts'").isEmpty {
            // Only the copy is written to.
            #expect(throws: Never.self, "\(label): FTS5 integrity-check", sourceLocation: sourceLocation) {
                _ = try self.rows("INSERT INTO github_issue_fts (github_issue_fts) VALUES ('integrity-check')")
            }
        }
    }

    /// After a kill: the killed process's runs are left `running` (it could not say how it
    /// ended) or `succeeded` (those it finished), and no other run is still `running`: the
    /// next sync marked the earlier killed ones `abandoned` before starting.
    func expectRunLog(killed pid: pid_t, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let runs = try rows("SELECT pid, outcome FROM sync_run ORDER BY id")
        let mine = runs.filter { $0[0] == "i:\(pid)" }.map { String($0[1].dropFirst(2)) }
        #expect(
            mine.last == "running" && mine.allSatisfy { $0 == "running" || $0 == "succeeded" },
            "\(label): the killed run is recorded as \(mine)", sourceLocation: sourceLocation)
        let others = runs.filter { $0[0] != "i:\(pid)" }.map { String($0[1].dropFirst(2)) }
        #expect(
            others.allSatisfy { $0 == "abandoned" || $0 == "succeeded" },
            "\(label): earlier runs are recorded as \(others)", sourceLocation: sourceLocation)
    }

    /// The ids with a `pokemon` row and those with a stored detail body.
    func storedPokemon() throws -> StoredPokemon {
        func ids(_ sql: String) throws -> Set<Int> { Set(try rows(sql).map { Int($0[0].dropFirst(2))! }) }
        return StoredPokemon(
            listed: try ids("SELECT id FROM pokemon"),
            detailed: try ids("SELECT pokemon_id FROM pokemon_detail_json"))
    }

    /// Logs of the runs themselves (pids, times, request counts): they differ from one run to
    /// the next by design, so they are checked on their own, not compared.
    static let runLogs: Set<String> = ["sync_run"]

    /// The tables to compare: every real table but run logs, virtual tables and their shadow tables.
    func tableNames() throws -> [String] {
        let all = try rows(
            "SELECT name, coalesce(sql, '') FROM sqlite_schema WHERE type = 'table' "
                + "AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).map { (String($0[0].dropFirst(2)), $0[1]) }
        let virtual = all.filter { $0.1.hasPrefix("t:CREATE VIRTUAL TABLE") }.map(\.0)
        return all.map(\.0).filter { name in
            !Self.runLogs.contains(name) && !virtual.contains { name == $0 || name.hasPrefix($0 + "_") }
        }
    }

    /// `SELECT` of every column of `table`, sync times reduced to whether they are NULL.
    private func selectList(_ table: String) throws -> String {
        let volatile = Self.syncTimes[table] ?? []
        return try rows("PRAGMA table_info(\"\(table)\")").map { column in
            let name = String(column[1].dropFirst(2))
            return volatile.contains(name) ? "(\"\(name)\" IS NULL)" : "\"\(name)\""
        }.joined(separator: ", ")
    }

    /// Each table's rows, sorted, one string per row (sync times reduced to NULL-ness); plus
    /// what full-text searches find, so that the index is compared too.
    func dump(where filter: [String: String] = [:], only: Set<String>? = nil) throws -> [String: [String]] {
        var tables: [String: [String]] = [:]
        for table in try tableNames() where only?.contains(table) ?? true {
            let condition = filter[table].map { " WHERE \($0)" } ?? ""
            tables[table] = try rows("SELECT \(try selectList(table)) FROM \"\(table)\"\(condition)")
                .map { $0.joined(separator: " | ") }.sorted()
        }
        if only == nil, try !rows("SELECT 1 FROM sqlite_schema WHERE name = 'github_issue_fts'").isEmpty {
            for word in ["crash", "the", "caf*", "colour"] {
                tables["fts:\(word)"] = try rows(
                    "SELECT rowid FROM github_issue_fts WHERE github_issue_fts MATCH '\(word)' ORDER BY rowid"
                ).map { $0.joined() }
            }
        }
        return tables
    }

    /// The rows of these ids in `keys`' tables equal the reference's rows of the same ids.
    func expectRows<ID: BinaryInteger>(
        matching reference: DatabaseSnapshot, keyedBy keys: [String: String], ids: [ID], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let list = ids.map { "\($0)" }.joined(separator: ",")
        let filter = keys.mapValues { "\"\($0)\" IN (\(list))" }
        let mine = try dump(where: filter, only: Set(keys.keys))
        let theirs = try reference.dump(where: filter, only: Set(keys.keys))
        #expect(
            mine == theirs, "\(label): stored rows differ from a clean sync's: \(Self.difference(mine, theirs))",
            sourceLocation: sourceLocation)
    }

    /// Every row of these tables is also in the reference.
    func expectRowsContained(
        in reference: DatabaseSnapshot, tables: [String], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let mine = try dump(only: Set(tables)), theirs = try reference.dump(only: Set(tables))
        for table in tables {
            let extra = Set(mine[table] ?? []).subtracting(theirs[table] ?? [])
            #expect(
                extra.isEmpty, "\(label): \(table) rows a clean sync does not have: \(extra.sorted().prefix(3))",
                sourceLocation: sourceLocation)
        }
    }

    /// A short description of how two dumps differ.
    static func difference(_ left: [String: [String]], _ right: [String: [String]]) -> String {
        var lines: [String] = []
        for table in Set(left.keys).union(right.keys).sorted() {
            let mine = Set(left[table] ?? []), theirs = Set(right[table] ?? [])
            guard mine != theirs || left[table]?.count != right[table]?.count else { continue }
            let only = mine.subtracting(theirs).sorted().prefix(2).map { String($0.prefix(300)) }
            let missing = theirs.subtracting(mine).sorted().prefix(2).map { String($0.prefix(300)) }
            lines.append(
                "\(table): \(left[table]?.count ?? 0) vs \(right[table]?.count ?? 0) rows; "
                    + "only here: \(only); only in the other: \(missing)")
        }
        return lines.isEmpty ? "no difference" : lines.joined(separator: "\n")
    }
}
