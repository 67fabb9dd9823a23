import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate: it receives every task's body in pieces (a completion handler would
/// only see it whole, however large), holds each task to its body bound and deadline, and
/// applies the redirect policy.
final class SessionTransfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    /// Runs `task` to its end: its response with the whole body, or the first failure —
    /// URLSession's, a body over `request.maximumBodyBytes`, `deadline` passing, or the
    /// calling task being cancelled (a signal stopping the sync), which ends the request at
    /// once with `CancellationError` rather than after its deadline. URLSession's own task is
    /// cancelled off every lock and queue of ours, as for the other endings: this Foundation
    /// deadlocks when a transfer is cancelled from where it completes.
    func run(_ task: URLSessionDataTask, _ request: HTTPRequest, deadline: Duration) async throws -> HTTPResponse {
        let transfer = Transfer(task: task, request: request, deadline: deadline)
        lock.withLock { transfers[task.taskIdentifier] = transfer }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { transfer.start($0) }
        } onCancel: {
            transfer.cancel()
        }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        transfer(dataTask)?.receive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(response: task.response, error: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(RedirectPolicy.redirect(request, from: task.originalRequest?.url ?? response.url))
    }
}

/// One request in flight. Whichever comes first ends it — URLSession completing, the body
/// crossing its bound, the deadline, cancellation — and the others then find it ended: the
/// continuation is taken exactly once, under the lock, and resumed outside it.
private final class Transfer: @unchecked Sendable {
    private let task: URLSessionDataTask
    private let request: HTTPRequest
    private let deadline: Duration
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var body = Data()
    private var timer: DispatchWorkItem?
    private var cancelled = false

    init(task: URLSessionDataTask, request: HTTPRequest, deadline: Duration) {
        self.task = task
        self.request = request
        self.deadline = deadline
    }

    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let timer = DispatchWorkItem { [weak self] in self?.expire() }
        let cancelledAlready = lock.withLock { () -> Bool in
            self.continuation = continuation
            self.timer = timer
            return cancelled
        }
        guard !cancelledAlready else { return cancel() }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline.inSeconds, execute: timer)
        task.resume()
    }

    /// Ends the request with `CancellationError`; before `start`, `start` ends it so.
    func cancel() {
        lock.withLock { cancelled = true }
        finish(cancelling: true) { _ in throw CancellationError() }
    }

    /// A declared length over the bound is refused before any of the body arrives.
    func receive(_ response: URLResponse) {
        if response.expectedContentLength > Int64(request.maximumBodyBytes) {
            refuse()
        } else if response.expectedContentLength > 0, (response as? HTTPURLResponse)?.isEncoded == false {
            // Decoded, the body has the declared length: one allocation instead of regrowing.
            let length = Int(response.expectedContentLength)
            lock.withLock { body.reserveCapacity(length) }
        }
    }

    func receive(_ data: Data) {
        let isOver = lock.withLock { () -> Bool in
            guard continuation != nil else { return false }
            guard body.count + data.count <= request.maximumBodyBytes else { return true }
            body.append(data)
            return false
        }
        if isOver { refuse() }
    }

    func complete(response: URLResponse?, error: (any Error)?) {
        finish(cancelling: false) { body in
            if let error { throw error }
            guard let http = response as? HTTPURLResponse else {
                throw FetchError.unreachable(url: self.request.url.absoluteString, reason: "not an HTTP response")
            }
            var headers: [String: String] = [:]
            for case (let name as String, let value as String) in http.allHeaderFields {
                headers[name] = value
            }
            return HTTPResponse(
                url: http.url ?? self.request.url, status: http.statusCode, headers: headers, body: body)
        }
    }

    private func refuse() {
        let error = FetchError.tooLarge(url: request.url.absoluteString, limit: request.maximumBodyBytes)
        finish(cancelling: true) { _ in throw error }
    }

    private func expire() {
        let error = FetchError.pastDeadline(url: request.url.absoluteString, deadline: deadline)
        finish(cancelling: true) { _ in throw error }
    }

    /// Resumes the continuation with `outcome`'s result unless the transfer already ended, and
    /// frees the body. `cancelling` stops URLSession's transfer too: its later callbacks then
    /// find the transfer ended.
    private func finish(cancelling: Bool, _ outcome: (Data) throws -> HTTPResponse) {
        let ending = lock.withLock { () -> (CheckedContinuation<HTTPResponse, any Error>, DispatchWorkItem?, Data)? in
            guard let continuation else { return nil }
            defer {
                self.continuation = nil
                self.timer = nil
                body = Data()
            }
            return (continuation, timer, body)
        }
        guard let (continuation, timer, body) = ending else { return }
        timer?.cancel()
        continuation.resume(with: Result { try outcome(body) })
        if cancelling {
            // Off the delegate queue and outside every lock: this Foundation's cancel() waits
            // for the session's work queue, which must never wait for us.
            DispatchQueue.global().async { [task] in task.cancel() }
        }
    }
}

extension HTTPURLResponse {
    /// Whether the body is sent encoded (gzip): its declared length is then not the decoded one.
    fileprivate var isEncoded: Bool {
        (value(forHTTPHeaderField: "Content-Encoding") ?? "identity").lowercased() != "identity"
    }
}
