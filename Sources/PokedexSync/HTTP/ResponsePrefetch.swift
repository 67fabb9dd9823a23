import HTTPTypes
import Synchronization

/// Requests sent before the run that needs them reaches them, answered from what came back.
///
/// The evolution chains are linked by the species bodies, but their run starts only once the
/// species are stored, and storing the species' 80,000 name and flavor-text rows keeps the
/// writer busy while the connections would sit idle. Prefetching each chain as soon as its
/// species arrives downloads the chains during those writes. The linked kinds' first list
/// pages are asked for while the Pokémon sync, so that a refresh does not wait for those round
/// trips one after another.
///
/// A request is answered from its prefetch only when it is the same request, headers
/// included: a conditional one is never answered by an unconditional prefetch. The answer is
/// used once, exactly as the transport gave it. A failure (thrown, or a status of 400 or more)
/// is not kept: by the time its run asks, it may be minutes old, and the run's own request
/// and retries should judge the server as it is then; only a run already waiting for the
/// prefetch gets its failure, as fresh as its own would be. What is prefetched and not asked
/// for is cancelled by `finish`, which no request outlives; `stop` (a signal) cancels at once
/// and starts nothing more.
final class ResponsePrefetch: Sendable {
    /// Prefetches running at once: the runs' own requests keep the other connections.
    let maximumInFlight: Int
    /// Bodies held for requests not made yet, beyond which nothing more is started (what is
    /// not prefetched is simply requested when its run reaches it).
    let maximumHeldBytes: Int

    private let network: HTTPTransport

    private enum Prefetch {
        case queued
        /// `serial` tells this prefetch from a later one of the same request.
        case started(Task<HTTPResponse, any Error>, serial: Int)
    }

    private struct State {
        var prefetches: [HTTPRequest: Prefetch] = [:]
        /// Queued requests in the order asked (some may have been taken since).
        var queue: [HTTPRequest] = []
        var queueHead = 0
        var inFlight = 0
        /// Body sizes of answers that arrived and were not taken yet.
        var heldSizes: [HTTPRequest: Int] = [:]
        var heldBytes = 0
        var started = 0
        /// Prefetches cancelled by `stop`, for `finish` to wait for.
        var stopped: [Task<HTTPResponse, any Error>] = []
        var isStopped = false
    }
    private let state = Mutex(State())

    init(network: @escaping HTTPTransport, maximumInFlight: Int = 2, maximumHeldBytes: Int = 4 << 20) {
        self.network = network
        self.maximumInFlight = maximumInFlight
        self.maximumHeldBytes = maximumHeldBytes
    }

    /// The transport the runs send through: a request prefetched is answered by its prefetch
    /// (waiting for it if it is still on its way), any other goes to the network.
    var transport: HTTPTransport {
        { [self] request in
            if let prefetched = take(request) { return try await prefetched.valueCancelledWithCaller }
            return try await network(request)
        }
    }

    /// Prefetches queued, running or answered that no request has taken yet.
    var untaken: Int { state.withLock { $0.prefetches.count } }

    /// Queues `request` (as the client would send it) unless it was asked for before. A
    /// cancelled caller (a signal) queues nothing.
    func prefetch(_ request: HTTPRequest) {
        guard !Task.isCancelled else { return }
        let request = HTTPClient.onTheWire(request)
        state.withLock { state in
            guard !state.isStopped, state.prefetches[request] == nil else { return }
            state.prefetches[request] = .queued
            state.queue.append(request)
            startQueued(&state)
        }
    }

    /// Cancels what was prefetched and not taken, and starts nothing more.
    func stop() {
        let abandoned = state.withLock { state in
            state.isStopped = true
            for case .started(let task, _) in state.prefetches.values { state.stopped.append(task) }
            state.prefetches = [:]
            return state.stopped
        }
        for task in abandoned { task.cancel() }
    }

    /// Stops, then waits for every prefetch cancelled to end.
    func finish() async {
        stop()
        for task in state.withLock({ $0.stopped }) { _ = try? await task.value }
    }

    private func take(_ request: HTTPRequest) -> Task<HTTPResponse, any Error>? {
        state.withLock { state in
            guard case .started(let task, _) = state.prefetches.removeValue(forKey: request) else { return nil }
            if let size = state.heldSizes.removeValue(forKey: request) { state.heldBytes -= size }
            startQueued(&state)
            return task
        }
    }

    private func startQueued(_ state: inout State) {
        while !state.isStopped, state.inFlight < maximumInFlight, state.heldBytes < maximumHeldBytes,
            state.queueHead < state.queue.count
        {
            let request = state.queue[state.queueHead]
            state.queueHead += 1
            // Taken before it started: its run sent it itself.
            guard case .queued = state.prefetches[request] else { continue }
            state.inFlight += 1
            state.started += 1
            let network = network, serial = state.started
            state.prefetches[request] = .started(
                Task {
                    do {
                        let response = try await network(request)
                        self.ended(
                            request, serial: serial, heldBytes: response.status < 400 ? response.body.count : nil)
                        return response
                    } catch {
                        self.ended(request, serial: serial, heldBytes: nil)
                        throw error
                    }
                },
                serial: serial)
        }
        if state.queueHead == state.queue.count {
            state.queue.removeAll(keepingCapacity: true)
            state.queueHead = 0
        }
    }

    /// A prefetch ended: its answer is held until its request is made; a failure (nil) is
    /// dropped, and that request goes to the network when it is made.
    private func ended(_ request: HTTPRequest, serial: Int, heldBytes: Int?) {
        state.withLock { state in
            state.inFlight -= 1
            if case .started(_, serial)? = state.prefetches[request] {  // not taken meanwhile
                if let heldBytes {
                    state.heldSizes[request] = heldBytes
                    state.heldBytes += heldBytes
                } else {
                    state.prefetches[request] = nil
                }
            }
            startQueued(&state)
        }
    }
}
