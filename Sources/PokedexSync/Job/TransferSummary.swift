import HTTPTypes
import IssueStore
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import SyncSettings
import Synchronization
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The requests and bytes a resource's sync took, and how long.
public struct TransferSummary: Sendable {
    public let requests: Int
    public let bytes: Int
    public let duration: Duration
}
