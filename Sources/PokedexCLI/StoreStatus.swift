import IssueStore
import LocalDatabase
import PokedexStore
import SQLiteDatabase

/// What `pokedex status` reports about a database: how big it is, what it holds, and how
/// its syncs went.
public struct StoreStatus: Sendable {
    public struct ResourceStatus: Sendable {
        public let resource: SyncResource
        /// Rows stored, by kind: ("pokemon", 1351), ("with_details", 1351) or
        /// ("issues", …), ("pull_requests", …), ("open", …), ("comments", …).
        public let counts: [(String, Int)]
        public let lastSuccess: SyncRun?
        /// The latest run that failed, was interrupted or abandoned.
        public let lastFailure: SyncRun?
        /// Runs of the same sync before `lastSuccess` (a partial sync's first species run).
        public var earlierRunsOfLastSuccess: [SyncRun] = []
        /// The latest run still recorded as running: the sync that holds the writer lock's, or
        /// one that ended without recording how (killed), which the next sync marks abandoned.
        public var unfinished: SyncRun?

        /// A kind of PokeAPI's root index kept as its bodies (not one `show` draws on).
        public var isIndexedKind: Bool {
            guard case .pokeAPI(let kind) = resource else { return false }
            return (PokeAPIResources.resource(kind)?.reach ?? .indexed) == .indexed
        }
    }

    public let path: String
    /// The database file with its write-ahead log.
    public let sizeBytes: Int
    public let schemaVersion: Int
    public let resources: [ResourceStatus]
    public let rateLimit: (RateLimitSnapshot, seenAt: String)?

    /// Reads the status in one snapshot.
    public static func read(from database: Database) throws -> StoreStatus {
        try database.readTransaction {
            let log = SyncRunLog(database: database)
            func status(_ resource: SyncResource, counts: [(String, Int)]) throws -> ResourceStatus {
                let lastSuccess = try log.latest(resource, outcomes: [.succeeded])
                return ResourceStatus(
                    resource: resource, counts: counts, lastSuccess: lastSuccess,
                    lastFailure: try log.latest(resource, outcomes: [.failed, .interrupted, .abandoned]),
                    earlierRunsOfLastSuccess: try lastSuccess.map(log.earlierRuns(ofSameSyncAs:)) ?? [],
                    unfinished: try log.latest(resource, outcomes: [.running]))
            }
            var resources = try PokeAPIIndex.resources(database).map { resource in
                try status(.pokeAPI(resource.kind), counts: try resource.statusCounts(in: database))
            }
            resources.append(try status(.artwork, counts: try PokemonImageStore(database: database).counts()))
            for repository in try IssueArchive(database: database).repositories() {
                resources.append(
                    try status(
                        .issues(repositoryName: repository.fullName, repositoryID: repository.id),
                        counts: try IssueArchive(database: database).counts(repositoryID: repository.id).keyed))
            }
            for name in try log.unstoredRepositoryNames() {
                resources.append(try status(.issues(repositoryName: name, repositoryID: nil), counts: []))
            }
            return StoreStatus(
                path: database.path,
                sizeBytes: FileSystem.size(database.path) + FileSystem.size(database.path + "-wal"),
                schemaVersion: try database.queryFirst("SELECT max(version) FROM schema_migrations") { $0.int(0) } ?? 0,
                resources: resources,
                rateLimit: try log.lastRateLimit())
        }
    }
}
