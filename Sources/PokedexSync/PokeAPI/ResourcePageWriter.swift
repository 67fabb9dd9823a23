import Dispatch
import PokedexStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A store whose connection its owner lends to a resource sync for the length of a run and
/// does not touch meanwhile: a turn-taking the compiler cannot check, hence unchecked.
struct LentStore<Store: ResourcePageStore>: @unchecked Sendable {
    let store: Store
}

/// The Pokémon catalog's writer.
typealias CatalogWriter = ResourcePageWriter<PokemonCatalog>

/// A writer could not hand its connection back as it was lent (foreign keys left off, where
/// later deletes would leave orphans): whatever else failed in its run, the job must not go
/// on with that connection, so `cause` is what the run throws.
struct ConnectionNotRestored: Error {
    let cause: any Error
}

/// Borrows a resource store's connection during a sync and writes on a serial queue of its
/// own, in the order writes are sent, so pages are committed in list order, each in one
/// transaction.
///
/// Senders hand writes over and go on. SQLite blocks in I/O (a commit may checkpoint the
/// WAL, with fsyncs), and Swift concurrency runs every task on as many threads as there are
/// cores: writing on one of them, as an actor does, holds back downloads and scanning. A send
/// waits only while more than `queuedBodyBytesLimit` bytes of detail bodies are queued, which
/// bounds memory when the disk is slower than the network.
///
/// After a failed write nothing more is written: the page being written is rolled back, and
/// later pages would lack it. Sends and `finish` throw that failure from then on.
final class ResourcePageWriter<Store: ResourcePageStore>: @unchecked Sendable where Store.Downloaded: PageBody {
    /// Detail bodies queued beyond which `send` waits: enough that downloads go on while a
    /// commit checkpoints the WAL (less stalled them; more only costs memory).
    static var queuedBodyBytesLimit: Int { 12 << 20 }

    private struct OpenPage {
        let start: PageStart
        var downloaded = 0
        var unchanged = 0
    }

    private let queue = DispatchQueue(label: "pokedex.catalog-writer")
    // Used on `queue` only, from `init` until `finish` returns: the caller lends the
    // connection for that long and does not touch it meanwhile, a turn-taking the compiler
    // cannot check (hence `@unchecked Sendable`).
    private let catalog: Store
    /// SQLite's page cache size before the writer changed it, restored by `finish`.
    private let callerCacheSize: Int?
    /// Whether the caller's connection enforced foreign keys, which `finish` restores if the
    /// writer switched them off; nil when its store keeps them on
    /// (``ResourcePageStore/writesOnlyExistingReferences``) or they could not be read.
    private let callerForeignKeys: Bool?
    private var report = ResourceSyncReport()
    private var openPage: OpenPage?

    /// What the sender and `queue` share.
    private struct Shared {
        let queuedBodyBytesLimit: Int
        var queuedBodyBytes = 0
        var waitingSender: CheckedContinuation<Void, Never>?
        var failure: (any Error)?

        /// Whether a sender may go on (after a failure nothing is queued any more).
        var hasRoom: Bool { queuedBodyBytes <= queuedBodyBytesLimit || failure != nil }
    }
    private let shared = Mutex(Shared(queuedBodyBytesLimit: queuedBodyBytesLimit))

    init(catalog: Store) {
        // 4 MB: a page of Pokémon writes ≈47,000 learnset rows, and a whole-dex sync took
        // longer with SQLite's default of 2 MB; more lifts its peak memory toward its bar.
        callerCacheSize = try? catalog.database.queryFirst("PRAGMA cache_size") { $0.int(0) }
        try? catalog.database.execute("PRAGMA cache_size = -4096")
        callerForeignKeys = Store.writesOnlyExistingReferences ? try? catalog.database.foreignKeysEnforced : nil
        // Refused (and left on) when the connection is lent inside a transaction.
        if callerForeignKeys == true {
            try? catalog.database.setForeignKeys(on: false)
        }
        self.catalog = catalog
    }

    func storedDetails(maximumAgeSeconds: Int?) async throws -> [Int: StoredDetail] {
        try await onQueue { writer in try writer.catalog.storedDetails(maximumAgeSeconds: maximumAgeSeconds) }
    }

    /// Queues `writes` behind those sent before, waiting first while the queue is full. For
    /// one sender at a time. Throws the failure of an earlier write.
    func send(
        _ writes: [ResourcePageWrite<Store.Downloaded>], progress: @escaping @Sendable (ResourceSyncProgress) -> Void
    ) async throws {
        guard !writes.isEmpty else { return }
        let bytes = writes.reduce(0) { $0 + $1.bodyBytes }
        let isFull = try shared.withLock { shared in
            if let failure = shared.failure { throw failure }
            shared.queuedBodyBytes += bytes
            return !shared.hasRoom
        }
        queue.async {
            self.perform(writes, progress: progress)
            let sender: CheckedContinuation<Void, Never>? = self.shared.withLock { shared in
                shared.queuedBodyBytes -= bytes
                guard shared.hasRoom else { return nil }
                defer { shared.waitingSender = nil }
                return shared.waitingSender
            }
            sender?.resume()
        }
        guard isFull else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let mayGoOn = shared.withLock { shared in
                if !shared.hasRoom { shared.waitingSender = continuation }
                return shared.hasRoom
            }
            if mayGoOn { continuation.resume() }
        }
        if let failure = shared.withLock({ $0.failure }) { throw failure }
    }

    /// Waits for every write sent, rolls back the page a failure or a signal left unfinished,
    /// hands the connection back as it was lent, and returns what was committed. Throws the
    /// failure of a write.
    func finish() async throws -> ResourceSyncReport {
        try await onQueue { writer in
            writer.rollBackOpenPage()
            // PRAGMA takes no parameters; the value is an integer SQLite itself reported.
            if let size = writer.callerCacheSize {
                try? writer.catalog.database.execute("PRAGMA cache_size = \(size)")
            }
            if let enforced = writer.callerForeignKeys, (try? writer.catalog.database.foreignKeysEnforced) != enforced {
                do {
                    try writer.catalog.database.setForeignKeys(on: enforced)
                } catch {
                    throw ConnectionNotRestored(cause: error)
                }
            }
            if let failure = writer.shared.withLock({ $0.failure }) { throw failure }
            return writer.report
        }
    }

    /// Runs `body` on `queue`, after every write sent, and returns its result.
    private func onQueue<Value: Sendable>(
        _ body: @escaping @Sendable (ResourcePageWriter) throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(self) }) }
        }
    }

    private func perform(
        _ writes: [ResourcePageWrite<Store.Downloaded>], progress: @Sendable (ResourceSyncProgress) -> Void
    ) {
        guard shared.withLock({ $0.failure == nil }) else { return }
        do {
            for write in writes {
                try perform(write, progress: progress)
            }
        } catch {
            shared.withLock { $0.failure = error }
            rollBackOpenPage()
        }
    }

    private func perform(
        _ write: ResourcePageWrite<Store.Downloaded>, progress: @Sendable (ResourceSyncProgress) -> Void
    ) throws {
        switch write {
        case .begin(let start):
            try catalog.beginPage(entries: start.entries)
            openPage = OpenPage(start: start)
        case .details(let downloaded):
            try catalog.saveDetails(downloaded)
            openPage?.downloaded += 1
        case .confirmed(let id):
            try catalog.confirmDetails(id: id)
            openPage?.unchanged += 1
        case .commit:
            try catalog.commitPage()
            guard let page = openPage else { return }
            openPage = nil
            report.pages += 1
            report.entries += page.start.entries.count
            report.detailsDownloaded += page.downloaded
            report.detailsUnchanged += page.unchanged
            report.detailsReused += page.start.reused
            progress(
                ResourceSyncProgress(
                    report: report, listCount: page.start.listCount, committedEntries: page.start.entries))
        }
    }

    private func rollBackOpenPage() {
        guard openPage != nil else { return }
        catalog.rollBackPage()
        openPage = nil
    }
}
