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
/// them as it closes any connection its peer dropped. It shuts down too a connection whose
/// client hung up before its request's head was whole: libmicrohttpd 0.9.75 reads such a head
/// and its end of stream in one wake-up and waits for more, holding the connection (and its
/// place under `--max-connections`) until the timeout.
final class ConnectionWatch: Sendable {
    private struct Entry {
        let descriptor: Int32
        var deadline: Double
        /// Waiting for a request's head, not answering one: a hang-up now ends it.
        var awaitsHead = true
        /// The checks in a row that found its client gone while it awaited a head: shut down
        /// at the second, so a head that arrived whole with its end is answered first.
        var hungUpChecks = 0
        /// Its place among the connections opened since the start: a handle libmicrohttpd
        /// reuses for a later connection is not taken for it.
        let order: UInt64
        /// Whether it is one of the ``ServerLimits/connections`` open connections that opened
        /// first, whose requests are answered.
        var isServed: Bool
    }

    private struct State {
        var connections: [UInt: Entry] = [:]
        var opened: UInt64 = 0
        var servedCount = 0
        /// The connections opened past the limit, oldest first from `waitingStart`: each is
        /// served in its turn when a served one closes; those closed meanwhile are passed over,
        /// and dropped once they outnumber the open ones (a 503 closes its connection at once,
        /// while served ones may stay open for ever).
        var waiting: [(key: UInt, order: UInt64)] = []
        var waitingStart = 0
        var openWaiting = 0
        var stopped = false

        func isOpen(_ waiter: (key: UInt, order: UInt64)) -> Bool { connections[waiter.key]?.order == waiter.order }

        mutating func serveOldestWaiting() {
            while waitingStart < waiting.count {
                let next = waiting[waitingStart]
                waitingStart += 1
                if isOpen(next) {
                    connections[next.key]?.isServed = true
                    servedCount += 1
                    openWaiting -= 1
                    break
                }
            }
            dropClosedWaiting()
        }

        mutating func dropClosedWaiting() {
            guard waiting.count - waitingStart > 2 * openWaiting + 64 || waitingStart > 64 else { return }
            waiting = waiting[waitingStart...].filter(isOpen)
            waitingStart = 0
        }
    }

    private let state = Mutex(State())
    private let limits: ServerLimits

    init(limits: ServerLimits) {
        self.limits = limits
    }

    /// Whether `connection` is one of the ``ServerLimits/connections`` open connections that
    /// opened first: past the limit, the newest are refused, not whichever asks next (which
    /// refused more requests than there were connections past it, the earliest among them).
    func isServed(_ connection: OpaquePointer) -> Bool {
        // libmicrohttpd tells of every connection before its first request; one it did not
        // would have no place in the order, and is served as before there was a limit.
        state.withLock { $0.connections[Self.key(connection)]?.isServed ?? true }
    }

    /// The queue's length, closed connections still in it included: not past a bound however
    /// many refused connections come and go (a test checks it).
    var queueLength: Int { state.withLock { $0.waiting.count - $0.waitingStart } }

    func opened(_ connection: OpaquePointer, descriptor: Int32) {
        let deadline = Self.now() + Double(limits.timeoutSeconds)
        let key = Self.key(connection)
        state.withLock { state in
            let isServed = state.servedCount < limits.connections
            if isServed {
                state.servedCount += 1
            } else {
                state.waiting.append((key, state.opened))
                state.openWaiting += 1
            }
            state.connections[key] = Entry(
                descriptor: descriptor, deadline: deadline, order: state.opened, isServed: isServed)
            state.opened += 1
        }
    }

    /// A request's head arrived: it has until its answer is sent.
    func requestStarted(_ connection: OpaquePointer) {
        let deadline = Self.now() + Double(limits.requestSeconds)
        state.withLock { state in
            state.connections[Self.key(connection)]?.deadline = deadline
            state.connections[Self.key(connection)]?.awaitsHead = false
        }
    }

    /// An answer was sent: the next request's head is due within the timeout.
    func requestFinished(_ connection: OpaquePointer) {
        let deadline = Self.now() + Double(limits.timeoutSeconds)
        state.withLock { state in
            state.connections[Self.key(connection)]?.deadline = deadline
            state.connections[Self.key(connection)]?.awaitsHead = true
            state.connections[Self.key(connection)]?.hungUpChecks = 0
        }
    }

    /// Called by libmicrohttpd before it closes the socket: under the lock, so the watch never
    /// shuts down a descriptor that was closed and reused meanwhile.
    func closed(_ connection: OpaquePointer) {
        state.withLock { state in
            guard let entry = state.connections.removeValue(forKey: Self.key(connection)) else { return }
            if entry.isServed {
                state.servedCount -= 1
                state.serveOldestWaiting()
            } else {
                state.openWaiting -= 1
                state.dropClosedWaiting()
            }
        }
    }

    /// A connection's key: libmicrohttpd's handle is the same for its whole life.
    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    /// Shuts down the overdue connections, and those whose client hung up awaiting a head,
    /// four times a second until ``stop()``.
    func run() {
        while true {
            usleep(250_000)
            let now = Self.now()
            let stopped = state.withLock { state -> Bool in
                for (key, entry) in state.connections {
                    if entry.deadline < now {
                        shutdown(entry.descriptor, Int32(SHUT_RDWR))
                    } else if entry.awaitsHead {
                        let checks = Self.hasHungUp(entry.descriptor) ? entry.hungUpChecks + 1 : 0
                        if checks != entry.hungUpChecks { state.connections[key]?.hungUpChecks = checks }
                        if checks >= 2 { shutdown(entry.descriptor, Int32(SHUT_RDWR)) }
                    }
                }
                return state.stopped
            }
            if stopped { return }
        }
    }

    /// Whether the client ended its stream and nothing it sent is left unread: a look at the
    /// socket that takes nothing from it (libmicrohttpd reads it on its own threads).
    private static func hasHungUp(_ descriptor: Int32) -> Bool {
        guard descriptor >= 0 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) == 0
    }

    func stop() { state.withLock { $0.stopped = true } }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
