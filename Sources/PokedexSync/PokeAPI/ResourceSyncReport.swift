import PokedexStore
import SyncSettings

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one resource's sync did.
public struct ResourceSyncReport: Sendable, Equatable {
    /// Pages committed, each of at most `commitSize` entries.
    public var pages = 0
    public var entries = 0
    public var detailsDownloaded = 0
    /// Details the server answered 304 Not Modified for: stored bodies still current.
    public var detailsUnchanged = 0
    /// Stored details young enough to reuse without asking.
    public var detailsReused = 0
}
