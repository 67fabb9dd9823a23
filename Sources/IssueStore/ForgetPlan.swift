import SQLiteDatabase

/// What `repos --forget` removes for a name: the stored repositories it names (one, or an
/// owner's), the owner remembered for later syncs, and the sync runs recorded for them (a
/// repository that was never stored, mistyped, has runs alone).
public struct ForgetPlan: Sendable, Equatable {
    public struct Repository: Sendable, Equatable {
        public let id: Int
        public let fullName: String
        public let counts: RepositoryCounts
    }

    public let name: String
    public let repositories: [Repository]
    /// The remembered owner's login, when `name` is one.
    public let owner: String?
    public let runs: Int

    public var isEmpty: Bool { repositories.isEmpty && owner == nil && runs == 0 }
}

extension IssueArchive {
    /// What forgetting `name` (OWNER/REPO, or OWNER) would remove, read in one snapshot.
    public func forgetting(_ name: String) throws -> ForgetPlan {
        let names = Self.matching(name)
        return try database.readTransaction {
            let repositories = try database.query(
                """
                SELECT id, full_name FROM github_repository
                WHERE full_name = ?1 COLLATE NOCASE OR full_name LIKE ?2 ESCAPE '\\'
                ORDER BY full_name COLLATE NOCASE
                """, names
            ) { (id: $0.int(0), fullName: $0.text(1)) }
            let owner = try database.queryFirst(
                "SELECT login FROM github_owner WHERE login = ? COLLATE NOCASE", [.text(name)]
            ) { $0.text(0) }
            let runs =
                try database.queryFirst(
                    "SELECT count(*) FROM sync_run WHERE \(Self.runsCondition)",
                    [.jsonArray(repositories.map(\.id))] + names
                ) { $0.int(0) } ?? 0
            return ForgetPlan(
                name: name,
                repositories: try repositories.map {
                    ForgetPlan.Repository(id: $0.id, fullName: $0.fullName, counts: try counts(repositoryID: $0.id))
                }, owner: owner, runs: runs)
        }
    }

    /// Removes what `plan` names, in one transaction: each repository with its issues,
    /// comments, labels, milestones and full-text entries (their rows cascade), the owner, and
    /// the runs recorded for them.
    public func forget(_ plan: ForgetPlan) throws {
        try database.writeTransaction {
            let ids = SQLValue.jsonArray(plan.repositories.map(\.id))
            try database.run("DELETE FROM sync_run WHERE \(Self.runsCondition)", [ids] + Self.matching(plan.name))
            try database.run("DELETE FROM github_repository WHERE id IN (SELECT value FROM json_each(?))", [ids])
            try database.run("DELETE FROM github_owner WHERE login = ? COLLATE NOCASE", [.text(plan.name)])
        }
    }

    /// The runs of the repositories `?1` (a JSON array of ids), or asked for by the name `?2`
    /// or by a name `?3` matches (an owner's repositories).
    private static let runsCondition = """
        resource = 'issues' AND (repository_id IN (SELECT value FROM json_each(?1))
            OR repository_name = ?2 COLLATE NOCASE OR repository_name LIKE ?3 ESCAPE '\\')
        """

    /// The name as given, and for an owner a LIKE pattern of its repositories' names (its own
    /// wildcards taken literally): NULL for a repository, which matches nothing.
    private static func matching(_ name: String) -> [SQLValue] {
        guard !name.contains("/") else { return [.text(name), .null] }
        let escaped = name.map { "\\%_".contains($0) ? "\\\($0)" : String($0) }.joined()
        return [.text(name), .text(escaped + "/%")]
    }
}
