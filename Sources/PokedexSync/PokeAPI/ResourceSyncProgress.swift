import PokedexStore
import SyncSettings

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Progress after each committed page (of any resource: the report's "details" are that
/// resource's).
public struct ResourceSyncProgress: Sendable {
    public let report: ResourceSyncReport
    /// The list's total size as the server last reported it.
    public let listCount: Int
    /// The entries of the page just committed.
    public var committedEntries: [ResourceListEntry] = []
}
