import Synchronization

/// Requests and body bytes seen by one client, safe to update from concurrent requests.
public final class TransferStatistics: Sendable {
    private let counts = Mutex((requests: 0, bytes: 0))

    func record(bytes: Int) {
        counts.withLock {
            $0.requests += 1
            $0.bytes += bytes
        }
    }

    public var requests: Int { counts.withLock { $0.requests } }
    public var bytes: Int { counts.withLock { $0.bytes } }
}
