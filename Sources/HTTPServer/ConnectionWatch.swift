import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The connections open, each with the time by which it must have made progress: its next
/// request's head within the timeout of opening or of its last answer, and that request
/// answered within ``ServerLimits/requestSeconds``. libmicrohttpd's own timeout counts only
/// silence, so a client sending a byte now and then (a slow-loris) would hold its connection
/// for ever; a thread of this watch shuts overdue ones down, and libmicrohttpd then closes
/// them as it closes any connection its peer dropped.
final class ConnectionWatch: Sendable {
    private struct Entry {
        let descriptor: Int32
        var deadline: Double
        /// Its place among the connections opened since the start.
        let order: UInt64
    }

    private struct State {
        var connections: [UInt: Entry] = [:]
        var opened: UInt64 = 0
        var stopped = false
    }

    private let state = Mutex(State())
    private let limits: ServerLimits

    init(limits: ServerLimits) {
        self.limits = limits
    }

    /// Whether `connection` is one of the `limit` open connections that opened first: past the
    /// limit, the newest are refused, not whichever asks next (which refused more requests than
    /// there were connections past it, and the earliest connections among them).
    func isServed(_ connection: OpaquePointer, limit: Int) -> Bool {
        state.withLock { state in
            guard state.connections.count > limit else { return true }
            guard let order = state.connections[Self.key(connection)]?.order else { return false }
            return state.connections.values.lazy.filter { $0.order < order }.count < limit
        }
    }

    func opened(_ connection: OpaquePointer, descriptor: Int32) {
        let deadline = Self.now() + Double(limits.timeoutSeconds)
        state.withLock { state in
            state.connections[Self.key(connection)] = Entry(
                descriptor: descriptor, deadline: deadline, order: state.opened)
            state.opened += 1
        }
    }

    /// A request's head arrived: it has until its answer is sent.
    func requestStarted(_ connection: OpaquePointer) {
        let deadline = Self.now() + Double(limits.requestSeconds)
        state.withLock { $0.connections[Self.key(connection)]?.deadline = deadline }
    }

    /// An answer was sent: the next request's head is due within the timeout.
    func requestFinished(_ connection: OpaquePointer) {
        let deadline = Self.now() + Double(limits.timeoutSeconds)
        state.withLock { $0.connections[Self.key(connection)]?.deadline = deadline }
    }

    /// Called by libmicrohttpd before it closes the socket: under the lock, so the watch never
    /// shuts down a descriptor that was closed and reused meanwhile.
    func closed(_ connection: OpaquePointer) {
        _ = state.withLock { $0.connections.removeValue(forKey: Self.key(connection)) }
    }

    /// A connection's key: libmicrohttpd's handle is the same for its whole life.
    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    /// Shuts down the overdue connections once a second until ``stop()``.
    func run() {
        while true {
            sleep(1)
            let now = Self.now()
            let stopped = state.withLock { state -> Bool in
                for entry in state.connections.values where entry.deadline < now {
                    shutdown(entry.descriptor, Int32(SHUT_RDWR))
                }
                return state.stopped
            }
            if stopped { return }
        }
    }

    func stop() { state.withLock { $0.stopped = true } }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
