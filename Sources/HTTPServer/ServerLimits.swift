/// What bounds the server's work and memory whatever clients do.
public struct ServerLimits: Sendable, Equatable {
    /// Connections served at once; past it, a connection is answered 503 and closed.
    public var connections: Int
    /// Connections libmicrohttpd holds at all (those past ``connections`` only wait for their
    /// 503): past it, new ones wait in the kernel's queue until one closes.
    public var heldConnections: Int { connections + max(64, connections / 4) }
    /// Seconds a connection may stay silent, and a request's head may take to arrive, before
    /// it is closed (a slow client holds no thread meanwhile: the threads poll).
    public var timeoutSeconds: Int
    /// Seconds a request may take from its head to its answer's last byte.
    public var requestSeconds: Int
    /// Threads answering requests, each polling its share of the connections.
    public var threads: Int
    /// Memory per connection for its request line and headers, and for output buffering: a
    /// request whose head does not fit is answered 414 or 431.
    public var connectionMemoryBytes: Int

    public init(
        connections: Int = 256, timeoutSeconds: Int = 10, requestSeconds: Int = 60, threads: Int = 2,
        connectionMemoryBytes: Int = 32 * 1024
    ) {
        self.connections = connections
        self.timeoutSeconds = timeoutSeconds
        self.requestSeconds = requestSeconds
        self.threads = threads
        self.connectionMemoryBytes = connectionMemoryBytes
    }
}
