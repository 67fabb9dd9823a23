import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// A repository as stored: its id, the name last stored for it, and its JSON as received.
public struct StoredRepository: Sendable {
    public let id: Int
    public let fullName: String
    public let rawJSON: StoredBody
}

extension IssueArchive {
    /// The repository stored under this name (any case).
    public func storedRepository(fullName: String) throws -> StoredRepository? {
        try database.queryFirst(
            "SELECT id, full_name, \(RawBody.gitHub.columns) FROM github_repository WHERE full_name = ? COLLATE NOCASE",
            [.text(fullName)], row: Self.storedRepository)
    }

    public func storedRepository(id: Int) throws -> StoredRepository? {
        try database.queryFirst(
            "SELECT id, full_name, \(RawBody.gitHub.columns) FROM github_repository WHERE id = ?", [.int(id)],
            row: Self.storedRepository)
    }

    /// The repositories stored under an owner's login (any case), by name; not those whose
    /// name moved aside for another's (`name~id`).
    public func storedRepositories(owner login: String) throws -> [StoredRepository] {
        try database.query(
            """
            SELECT id, full_name, \(RawBody.gitHub.columns) FROM github_repository
            WHERE substr(full_name, 1, length(?1) + 1) = ?1 || '/' COLLATE NOCASE AND instr(full_name, '~') = 0
            ORDER BY full_name COLLATE NOCASE, id
            """,
            [.text(login)], row: Self.storedRepository)
    }

    /// The owner synced as a whole under this login (any case), if any.
    public func storedOwner(login: String) throws -> GitHubOwner? {
        try owners().first { $0.login.lowercased() == login.lowercased() }
    }

    private static func storedRepository(_ row: Row) throws -> StoredRepository {
        StoredRepository(id: row.int(0), fullName: row.text(1), rawJSON: try RawBody.stored(row, column: 2))
    }
}
