import CCurl
import Dispatch
import HTTPTypes
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the transport holds: one multi handle and its owner thread, stopped when the last
/// transport closure using them is gone. A request in flight keeps its session alive, so the
/// owner thread never stops under it.
final class CurlSession: Sendable {
    /// Not private: a test checks it is freed once the session is gone.
    let multi: CurlMulti
    let trust: TLSTrust

    init(maximumConnectionsPerHost: Int, trust: TLSTrust = .system) {
        multi = CurlMulti(maximumConnectionsPerHost: maximumConnectionsPerHost)
        self.trust = trust
        multi.startOwnerThread()
    }

    deinit {
        multi.stop()
    }

    /// One hop: `request` sent as it is, with its answer or its failure. Cancelling the
    /// calling task ends it at once with `CancellationError`.
    func perform(_ request: HTTPRequest, reportedAs url: String, limits: TransferLimits) async throws -> CurlAnswer {
        guard ContinuousClock.now < limits.expiry else {
            throw FetchError.pastDeadline(url: url, deadline: limits.deadline)
        }
        let transfer = CurlTransfer(request: request, reportedAs: url, limits: limits, trust: trust)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.continuation = continuation
                multi.submit(transfer)
            }
        } onCancel: {
            multi.cancel(transfer)
        }
    }
}

/// A libcurl multi handle and the one thread that drives it. Other threads only queue
/// transfers and cancellations under `requests` and wake the thread (`curl_multi_wakeup` is the
/// one call libcurl allows from elsewhere); every easy handle, callback and continuation is
/// touched on the owner thread alone, which is what makes each continuation resume once:
/// a transfer leaves `active` exactly when it is resumed.
final class CurlMulti: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    /// What other threads hand the owner.
    private struct Requests {
        var submitted: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var stopping = false
    }
    private let requests = Mutex(Requests())

    // The owner thread's alone.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []
    /// Easy handles kept for reuse (libcurl then keeps their buffers): the most requests a
    /// sync has in flight at once.
    private static let idleHandleLimit = 64
    /// The longest the owner sleeps when libcurl has no timer due sooner.
    private static let pollMilliseconds: Int32 = 1_000

    init(maximumConnectionsPerHost: Int) {
        CurlLibrary.initialize()
        multi = curl_multi_init()
        _ = pokedex_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, maximumConnectionsPerHost))
        _ = pokedex_multi_set_long(multi, CURLMOPT_PIPELINING, pokedex_pipe_multiplex)
    }

    /// A serial queue's work item has a thread to itself for as long as it runs (Dispatch
    /// gives such a queue a thread of its own rather than one of the bounded pool's).
    func startOwnerThread() {
        DispatchQueue(label: "CurlTransport").async { [self] in run() }
    }

    func submit(_ transfer: CurlTransfer) {
        requests.withLock { $0.submitted.append(transfer) }
        curl_multi_wakeup(multi)
    }

    /// Ends `transfer` with `CancellationError`, whether it is queued, running or already done
    /// (then nothing happens).
    func cancel(_ transfer: CurlTransfer) {
        requests.withLock {
            transfer.cancelRequested = true
            $0.cancelled.append(transfer)
        }
        curl_multi_wakeup(multi)
    }

    /// Ends the owner thread, which then frees the multi handle. Only once no request can come.
    func stop() {
        requests.withLock { $0.stopping = true }
        curl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            let (starting, refused, cancelling, isStopping) = requests.withLock { requests in
                defer {
                    requests.submitted.removeAll()
                    requests.cancelled.removeAll()
                }
                return (
                    requests.submitted.filter { !$0.cancelRequested }, requests.submitted.filter(\.cancelRequested),
                    requests.cancelled, requests.stopping
                )
            }
            for transfer in refused { transfer.finish(.failure(CancellationError())) }
            for transfer in starting { start(transfer) }
            for transfer in cancelling { end(transfer, .failure(CancellationError())) }
            if isStopping { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            collectCompleted()
            endIdleTransfers()
            curl_multi_poll(multi, nil, 0, pollMilliseconds(), nil)
        }
        for transfer in Array(active.values) { end(transfer, .failure(CancellationError())) }
        for easy in idleHandles { curl_easy_cleanup(easy) }
        curl_multi_cleanup(multi)
    }

    private func start(_ transfer: CurlTransfer) {
        guard let easy = idleHandles.popLast() ?? curl_easy_init() else {
            return transfer.finish(
                .failure(
                    FetchError.unreachable(url: transfer.reportedURL, reason: "libcurl could not start a transfer")))
        }
        transfer.configure(easy)
        active[easy] = transfer
        curl_multi_add_handle(multi, easy)
    }

    /// Takes `transfer` off its easy handle, if it still runs, and resumes it with `outcome`.
    private func end(_ transfer: CurlTransfer, _ outcome: Result<CurlAnswer, any Error>) {
        guard let easy = transfer.easy, active[easy] === transfer else { return }
        active[easy] = nil
        curl_multi_remove_handle(multi, easy)
        transfer.finish(outcome)
        curl_easy_reset(easy)
        if idleHandles.count < Self.idleHandleLimit {
            idleHandles.append(easy)
        } else {
            curl_easy_cleanup(easy)
        }
    }

    /// Ends each transfer that received nothing for its idle timeout.
    private func endIdleTransfers() {
        let now = ContinuousClock.now
        for transfer in active.values where transfer.idleExpiry <= now { end(transfer, .failure(transfer.idleFailure)) }
    }

    /// How long the owner may sleep: until the next idle timeout, at most `pollMilliseconds`.
    private func pollMilliseconds() -> Int32 {
        guard let next = active.values.map(\.idleExpiry).min() else { return Self.pollMilliseconds }
        let wait = (next - ContinuousClock.now).inSeconds * 1_000
        return Int32(min(max(wait.rounded(.up), 1), Double(Self.pollMilliseconds)))
    }

    private func collectCompleted() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active[easy]
            else { continue }
            let code = message.pointee.data.result
            end(transfer, transfer.outcome(code))
        }
    }
}

/// libcurl's process-wide set-up, done once before the first handle.
enum CurlLibrary {
    private static let initialized: Bool = curl_global_init(pokedex_global_default) == CURLE_OK

    static func initialize() {
        precondition(initialized, "libcurl could not be initialised")
    }
}
