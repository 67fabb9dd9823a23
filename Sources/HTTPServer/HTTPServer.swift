import BodyCoding
import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on libmicrohttpd: a pool of threads, each polling its share of the
/// connections with epoll, hands each complete request to `handler` and sends its answer,
/// encoded as the client accepts. Only GET and HEAD reach the handler; OPTIONS is answered
/// for browsers (CORS), other methods 405, request bodies 413, connections past the limit
/// 503; every answer allows any origin.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (ServerRequest) -> ServerResponse
    /// The answer the server makes itself for a request at a path (401, 405, 413, 500, 503…),
    /// from its status and message: an API may want its own error shape.
    public typealias Refusal = @Sendable (_ path: String, _ status: Int, _ message: String) -> ServerResponse

    let limits: ServerLimits
    let handler: Handler
    let refusal: Refusal
    let log: AccessLog?
    /// Where a body that cannot be sent is told of, with or without the access log.
    let failures = AccessLog()
    let token: BearerToken?
    let watch: ConnectionWatch
    let compressors = ObjectPool<ResponseCompressor, any Error> { ResponseCompressor() }
    /// Requests whose head arrived before a stop and whose answer is not sent yet.
    let inFlight = Atomic<Int>(0)
    /// Set once a stop signal came: every answer then closes its connection.
    let isDraining = Atomic<Bool>(false)
    // Set in `start`, read by `stop`: both on the thread that runs the server.
    private var daemon: OpaquePointer?
    private let socket: ListeningSocket

    public init(
        socket: ListeningSocket, limits: ServerLimits, log: AccessLog?, token: BearerToken?,
        handler: @escaping Handler, refusal: @escaping Refusal = { .text($1, $2) }
    ) {
        self.socket = socket
        self.limits = limits
        self.log = log
        self.token = token
        self.handler = handler
        self.refusal = refusal
        self.watch = ConnectionWatch(limits: limits)
    }

    /// Why the server could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts answering. SIGINT and SIGTERM are blocked first, on this thread and so on every
    /// thread started from it, for ``waitForStopSignal()`` to take.
    public func start() throws(StartFailure) {
        var signals = Self.stopSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)
        Self.allowDescriptors(limits.heldConnections + 64)
        let context = Unmanaged.passUnretained(self).toOpaque()
        let options: [MHD_OptionItem] = [
            Self.option(.LISTEN_SOCKET, Int(socket.descriptor)),
            Self.option(.THREAD_POOL_SIZE, max(1, limits.threads)),
            Self.option(.CONNECTION_LIMIT, limits.heldConnections),
            Self.option(.CONNECTION_TIMEOUT, limits.timeoutSeconds),
            Self.option(.CONNECTION_MEMORY_LIMIT, limits.connectionMemoryBytes),
            // Not strict: libmicrohttpd 0.9.75's strict mode answers a missing Host with its
            // 400's head written twice. `access` refuses that request itself, and a path with
            // spaces reaches the routes, which refuse it (400).
            Self.option(.STRICT_FOR_CLIENT, 0),
            Self.option(.NOTIFY_CONNECTION, unsafeBitCast(MicroHTTPD.connectionNotice, to: Int.self), context),
            Self.option(.NOTIFY_COMPLETED, unsafeBitCast(MicroHTTPD.requestCompleted, to: Int.self), context),
            // Paths and queries reach routes as sent; they decode what they accept.
            Self.option(.UNESCAPE_CALLBACK, unsafeBitCast(MicroHTTPD.keepEscapes, to: Int.self), nil),
            Self.option(.END, 0),
        ]
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue)
        daemon = options.withUnsafeBufferPointer { items in
            pokedex_mhd_start(flags, MicroHTTPD.accessHandler, context, items.baseAddress)
        }
        guard daemon != nil else {
            throw StartFailure(description: "libmicrohttpd could not start on port \(socket.port)")
        }
        let watch = watch
        Thread.detached { watch.run() }
    }

    /// Blocks until SIGINT or SIGTERM.
    public func waitForStopSignal() {
        var signals = Self.stopSignals
        var received: Int32 = 0
        sigwait(&signals, &received)
    }

    /// Refuses the requests that arrive from now on (503, closing their connections), lets
    /// those in flight finish (for at most ``ServerLimits/requestSeconds``), then closes every
    /// connection and the listening socket.
    ///
    /// Not `MHD_quiesce_daemon`: with a thread pool, libmicrohttpd 0.9.75's quiesce removes the
    /// listening socket from each worker's epoll set while the worker may be removing it too,
    /// and aborts the process when the worker got there first.
    public func stop() {
        guard let daemon else { return }
        isDraining.store(true, ordering: .sequentiallyConsistent)
        let deadline = ConnectionWatch.now() + Double(limits.requestSeconds)
        while inFlight.load(ordering: .sequentiallyConsistent) > 0, ConnectionWatch.now() < deadline {
            usleep(10_000)
        }
        MHD_stop_daemon(daemon)
        self.daemon = nil
        watch.stop()
    }

    /// Raises the soft limit on open descriptors to `count` where the hard limit allows: a
    /// default of 1,024 would refuse connections below --max-connections.
    private static func allowDescriptors(_ count: Int) {
        #if canImport(Glibc)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
        setrlimit(resource, &limit)
    }

    private static var stopSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    private static func option(_ option: MHD_OPTION, _ value: Int, _ pointer: UnsafeMutableRawPointer? = nil)
        -> MHD_OptionItem
    {
        MHD_OptionItem(option: option, value: value, ptr_value: pointer)
    }
}

/// Threads without Foundation.
enum Thread {
    /// Runs `body` on a new detached thread.
    static func detached(_ body: @escaping @Sendable () -> Void) {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { pointer in
                let box = Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        precondition(status == 0, "pthread_create failed")
        pthread_detach(thread)
    }
}
