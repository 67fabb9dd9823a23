import LocalDatabase
import PokedexStore
import SyncSettings

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What part of a resource's list to sync and how hard to push the server.
public struct ResourceSyncOptions: Sendable {
    /// Index of the first list entry to take.
    public var offset: Int
    /// How many list entries to take; nil takes all of them.
    public var limit: Int?
    /// Detail downloads in flight at once.
    public var concurrency: Int
    /// Entries asked for per list request. A refresh downloads little but the lists, one
    /// round trip per request: 1,000 takes the whole dex's lists in 6 requests instead of 30.
    public var listPageSize: Int
    /// Entries stored per transaction: the most a failure or a crash can lose, and the step
    /// in which progress is reported. A list page larger than this is committed in parts.
    public var commitSize: Int
    /// How each request's transient failures are retried.
    public var retry: RetryPolicy
    /// Stored details downloaded or confirmed current less than this many seconds ago are
    /// reused without a request; older ones are revalidated. nil revalidates every one.
    public var maximumDetailAgeSeconds: Int?
    /// The kinds to sync (`--resources`, with what ``PokeAPIResources/taken(_:partial:)``
    /// adds), and nothing else: no artwork, no repository; nil syncs every kind. A followed kind
    /// follows the links of what is stored.
    public private(set) var kinds: Set<String>?

    /// Whether a sync takes part of the Pokémon list only (`--offset`, `--limit`): what it takes
    /// of the rest is what their entries show.
    public var isPartial: Bool { offset != 0 || limit != nil }

    /// Whether a sync takes `kind`.
    public func takes(_ kind: PokeAPIKind) -> Bool { kinds?.contains(kind.name) ?? true }

    public init(
        offset: Int = 0, limit: Int? = nil, concurrency: Int = SyncDefaults.concurrency,
        listPageSize: Int = SyncDefaults.listPageSize, commitSize: Int = SyncDefaults.commitSize,
        retry: RetryPolicy = .standard,
        maximumDetailAgeSeconds: Int? = nil, kinds: Set<String>? = nil
    ) {
        self.offset = offset
        self.limit = limit
        self.concurrency = concurrency
        self.listPageSize = listPageSize
        self.commitSize = commitSize
        self.retry = retry
        self.maximumDetailAgeSeconds = maximumDetailAgeSeconds
        self.kinds = kinds.map { PokeAPIResources.taken($0, partial: isPartial) }
    }
}
