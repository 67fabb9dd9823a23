import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on `127.0.0.1` (ephemeral port) for tests: every request is recorded and
/// answered by a handler that returns a ``ScriptedResponse``.
///
/// Each connection is served on its own thread with keep-alive, so a handler may block (or use
/// ``ScriptedResponse/Fault/stall(seconds:)``) without holding up other connections.
/// The server stops when ``stop()`` is called or when it is deallocated.
public final class LoopbackServer: @unchecked Sendable {
    /// The TCP port the server listens on.
    public let port: Int
    private let core: ServerCore

    /// The host part of ``baseURL``: `127.0.0.1`, or `[::1]`.
    public let host: String

    /// Binds `127.0.0.1:0` (`[::1]:0` when `ipv6`) and starts accepting immediately.
    /// - Parameter handler: called on a connection thread for each request; must be thread-safe.
    public init(ipv6: Bool = false, handler: @escaping @Sendable (RecordedRequest) -> ScriptedResponse) throws {
        let listener = try POSIXSocket.makeLoopbackListener(ipv6: ipv6)
        host = ipv6 ? "[::1]" : "127.0.0.1"
        let wakePipe: (read: Int32, write: Int32)
        do {
            wakePipe = try POSIXSocket.makeWakePipe()
        } catch {
            close(listener.descriptor)
            throw error
        }
        port = listener.port
        core = ServerCore(
            listener: listener.descriptor, wakeRead: wakePipe.read, wakeWrite: wakePipe.write,
            handler: handler)
        core.startAccepting()
    }

    deinit {
        core.stop()
    }

    /// `http://127.0.0.1:PORT` (or `http://[::1]:PORT`), without a trailing slash.
    public var baseURL: String { "http://\(host):\(port)" }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] { core.recordedRequests }

    /// Connections accepted so far, and the most that were open at once: what a client's
    /// keep-alive and connection cap come to.
    public var connectionCounts: (accepted: Int, peakOpen: Int) { core.connectionCounts }

    /// Forgets the requests recorded so far.
    public func resetLog() { core.resetLog() }

    /// Closes the listening socket and every open connection. Safe to call more than once.
    public func stop() { core.stop() }
}

/// The state shared by the accept thread and the connection threads. Kept apart from
/// `LoopbackServer` so that running threads do not keep the public object (and thus the
/// server) alive: dropping the last `LoopbackServer` reference stops everything.
final class ServerCore: @unchecked Sendable {
    let handler: @Sendable (RecordedRequest) -> ScriptedResponse
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let acceptLoopFinished = DispatchSemaphore(value: 0)

    private let lock = NSLock()
    private var stopped = false
    private var openConnections: Set<Int32> = []
    private var log: [RecordedRequest] = []
    private var acceptedConnections = 0
    private var peakOpenConnections = 0

    init(
        listener: Int32, wakeRead: Int32, wakeWrite: Int32,
        handler: @escaping @Sendable (RecordedRequest) -> ScriptedResponse
    ) {
        self.listener = listener
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        self.handler = handler
    }

    var isStopped: Bool { synchronized { stopped } }

    var recordedRequests: [RecordedRequest] { synchronized { log } }

    func resetLog() { synchronized { log.removeAll() } }

    var connectionCounts: (accepted: Int, peakOpen: Int) {
        synchronized { (acceptedConnections, peakOpenConnections) }
    }

    func record(_ request: RecordedRequest) { synchronized { log.append(request) } }

    func startAccepting() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackServer.accept"
        thread.start()
    }

    func stop() {
        let isFirstCall = synchronized { () -> Bool in
            guard !stopped else { return false }
            stopped = true
            // shutdown (not close) wakes threads blocked in recv without freeing the descriptor
            // number while they still use it; each connection thread closes its own socket.
            for descriptor in openConnections { POSIXSocket.shutdownBoth(descriptor) }
            return true
        }
        guard isFirstCall else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        // Waiting guarantees the port is closed once stop() returns.
        acceptLoopFinished.wait()
        // Both pipe ends are closed only here, so the write above can never hit a reader-less pipe.
        close(wakeRead)
        close(wakeWrite)
    }

    /// Sleeps in small steps so that `stop()` is never held up by a stalled response.
    /// Returns false if the server stopped before the time was up.
    func sleep(seconds: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        while true {
            if isStopped { return false }
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return true }
            usleep(UInt32(min(deadline - now, 10_000_000) / 1_000))
        }
    }

    func closeConnection(_ descriptor: Int32, reset: Bool) {
        synchronized {
            openConnections.remove(descriptor)
            if reset { POSIXSocket.armReset(descriptor) }
            close(descriptor)
        }
    }

    private func acceptLoop() {
        defer {
            close(listener)
            acceptLoopFinished.signal()
        }
        let readable = Int16(POLLIN)
        var watched = [
            pollfd(fd: listener, events: readable, revents: 0),
            pollfd(fd: wakeRead, events: readable, revents: 0),
        ]
        while !isStopped {
            watched[0].revents = 0
            watched[1].revents = 0
            if poll(&watched, 2, -1) < 0 {
                if errno != EINTR { usleep(1_000) }
                continue
            }
            if watched[1].revents != 0 || watched[0].revents & Int16(POLLNVAL) != 0 { return }
            guard watched[0].revents != 0 else { continue }
            // Drain the backlog: one readiness event may stand for many queued connections.
            while true {
                let accepted = POSIXSocket.accept(from: listener)
                if accepted.descriptor >= 0 {
                    startConnection(accepted.descriptor)
                    continue
                }
                switch accepted.errorCode {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: usleep(5_000)
                default: break
                }
                break
            }
        }
    }

    private func startConnection(_ descriptor: Int32) {
        POSIXSocket.configureAccepted(descriptor)
        let admitted = synchronized { () -> Bool in
            guard !stopped else { return false }
            openConnections.insert(descriptor)
            acceptedConnections += 1
            peakOpenConnections = max(peakOpenConnections, openConnections.count)
            return true
        }
        guard admitted else {
            close(descriptor)
            return
        }
        let thread = Thread { [self] in
            var connection = HTTPConnection(descriptor: descriptor, server: self)
            connection.serve()
        }
        thread.name = "LoopbackServer.connection"
        thread.start()
    }

    // NSLock.withLock is not available on every deployment target the package supports.
    private func synchronized<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
