import SQLiteDatabase

/// A user or organisation synced as a whole (`sync issues OWNER`), remembered so that a plain
/// `pokedex sync` lists its repositories again.
public struct GitHubOwner: Sendable, Equatable {
    /// Which list serves the owner's repositories.
    public enum Kind: String, Sendable {
        case organization, user
    }

    public let login: String
    public let kind: Kind
    public let includeForks: Bool
    public let includeArchived: Bool

    public init(login: String, kind: Kind, includeForks: Bool, includeArchived: Bool) {
        self.login = login
        self.kind = kind
        self.includeForks = includeForks
        self.includeArchived = includeArchived
    }
}

extension IssueArchive {
    /// Remembers `owner` (again: its options are replaced).
    public func saveOwner(_ owner: GitHubOwner) throws {
        try database.run(
            """
            INSERT INTO github_owner (login, kind, include_forks, include_archived, added_at)
            VALUES (?, ?, ?, ?, \(SQLTimestamp.now))
            ON CONFLICT (login) DO UPDATE SET login = excluded.login, kind = excluded.kind,
                include_forks = excluded.include_forks, include_archived = excluded.include_archived
            """,
            [.text(owner.login), .text(owner.kind.rawValue), .bool(owner.includeForks), .bool(owner.includeArchived)])
    }

    public func owners() throws -> [GitHubOwner] {
        try database.query(
            "SELECT login, kind, include_forks, include_archived FROM github_owner ORDER BY login COLLATE NOCASE"
        ) { row in
            GitHubOwner(
                login: row.text(0), kind: GitHubOwner.Kind(rawValue: row.text(1)) ?? .user,
                includeForks: row.bool(2), includeArchived: row.bool(3))
        }
    }

    /// When each stored repository last synced successfully (nil: never), for the next run to
    /// start with the least recently synced.
    public func lastSuccessfulSyncs() throws -> [Int: String?] {
        var syncs: [Int: String?] = [:]
        for (id, finished) in try database.query(
            """
            SELECT r.id, (SELECT max(finished_at) FROM sync_run
                          WHERE resource = 'issues' AND repository_id = r.id AND outcome = 'succeeded')
            FROM github_repository AS r
            """,
            row: { ($0.int(0), $0.optionalText(1)) })
        {
            syncs[id] = finished
        }
        return syncs
    }
}
