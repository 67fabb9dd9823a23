import Foundation
import Synchronization
import Testing

@testable import HTTPTypes
@testable import PokedexSync

/// Requests prefetched for a later run: answered once and only to the same request, within
/// their bounds, and none left running after `finish`.
@Suite("Response prefetch")
struct ResponsePrefetchTests {
    /// A network that records what it is sent and answers each request with a body
    /// numbering the requests for that URL (`a#1`, `a#2`); held requests wait for `release`.
    final class Network: Sendable {
        private struct State {
            var sent: [HTTPRequest] = []
            var cancelled = 0
            var running = 0
            var mostRunning = 0
            var isHolding: Bool
            var held: [CheckedContinuation<Void, Never>] = []
        }
        private let state: Mutex<State>
        /// How the first request for each URL fails: nil answers it, 0 throws, else that status.
        let firstFailure: Int?

        init(holding: Bool = false, firstFailure: Int? = nil) {
            state = Mutex(State(isHolding: holding))
            self.firstFailure = firstFailure
        }

        var sent: [String] { state.withLock { $0.sent.map(\.url.lastPathComponent) } }
        var mostRunning: Int { state.withLock { $0.mostRunning } }
        var running: Int { state.withLock { $0.running } }
        var cancelled: Int { state.withLock { $0.cancelled } }

        func release() {
            let held = state.withLock { state in
                state.isHolding = false
                defer { state.held = [] }
                return state.held
            }
            for continuation in held { continuation.resume() }
        }

        var transport: HTTPTransport {
            { request in try await self.answer(request) }
        }

        private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
            let (number, holding) = state.withLock { state in
                state.sent.append(request)
                state.running += 1
                state.mostRunning = max(state.mostRunning, state.running)
                return (state.sent.filter { $0.url == request.url }.count, state.isHolding)
            }
            defer { state.withLock { $0.running -= 1 } }
            if holding {
                await withCheckedContinuation { continuation in
                    let stillHolding = state.withLock { state in
                        if state.isHolding { state.held.append(continuation) }
                        return state.isHolding
                    }
                    if !stillHolding { continuation.resume() }
                }
            }
            if Task.isCancelled {
                state.withLock { $0.cancelled += 1 }
                throw CancellationError()
            }
            let failure = number == 1 ? firstFailure : nil
            if failure == 0 { throw URLError(.networkConnectionLost) }
            let body = "\(request.url.lastPathComponent)#\(number)"
            return HTTPResponse(url: request.url, status: failure ?? 200, headers: [:], body: Data(body.utf8))
        }
    }

    static func request(_ name: String, etag: String? = nil) -> HTTPRequest {
        var headers = ["Accept": "application/json"]
        if let etag { headers["If-None-Match"] = etag }
        return HTTPRequest(url: URL(string: "http://api.test/chain/\(name)")!, headers: headers, maximumBodyBytes: 100)
    }

    /// `request` as a run sends it, through the prefetch's transport.
    static func send(_ request: HTTPRequest, through prefetch: ResponsePrefetch) async throws -> String {
        let response = try await prefetch.transport(HTTPClient.onTheWire(request))
        return String(decoding: response.body, as: UTF8.self)
    }

    /// Waits (a bounded time) until `condition` holds; records an issue if it never does.
    static func eventually(
        _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        if !condition() { Issue.record("still not so after 5 s", sourceLocation: sourceLocation) }
    }

    @Test("a prefetched request is answered by its prefetch once; asked again, it goes to the network")
    func answeredOnce() async throws {
        let network = Network()
        let prefetch = ResponsePrefetch(network: network.transport)
        prefetch.prefetch(Self.request("a"))
        prefetch.prefetch(Self.request("a"))  // asked for twice, prefetched once
        #expect(try await Self.send(Self.request("a"), through: prefetch) == "a#1")
        #expect(try await Self.send(Self.request("a"), through: prefetch) == "a#2")
        #expect(network.sent == ["a", "a"])
        await prefetch.finish()
    }

    @Test("a request that differs from the prefetch (conditional, say) is not answered by it")
    func onlyTheSameRequest() async throws {
        let network = Network()
        let prefetch = ResponsePrefetch(network: network.transport)
        prefetch.prefetch(Self.request("a"))
        try await Self.eventually { network.sent.count == 1 }
        #expect(try await Self.send(Self.request("a", etag: "\"1\""), through: prefetch) == "a#2")
        #expect(try await Self.send(Self.request("a"), through: prefetch) == "a#1", "the prefetch is still there")
        #expect(network.sent == ["a", "a"])
        await prefetch.finish()
    }

    @Test("no more prefetches run at once than the bound; the rest start as others end")
    func boundedInFlight() async throws {
        let network = Network(holding: true)
        let prefetch = ResponsePrefetch(network: network.transport, maximumInFlight: 2)
        for name in ["a", "b", "c", "d", "e"] { prefetch.prefetch(Self.request(name)) }
        try await Self.eventually { network.sent.count == 2 }
        try await Task.sleep(for: .milliseconds(50))
        #expect(network.sent == ["a", "b"])
        network.release()
        try await Self.eventually { network.sent.count == 5 }
        #expect(network.sent == ["a", "b", "c", "d", "e"] && network.mostRunning == 2)
        for name in ["a", "b", "c", "d", "e"] {
            #expect(try await Self.send(Self.request(name), through: prefetch) == "\(name)#1")
        }
        #expect(network.sent.count == 5)
        await prefetch.finish()
    }

    @Test("answers held for later stop new prefetches at the byte bound; taking one lets the next start")
    func heldBytesBound() async throws {
        let network = Network()
        // Each answer is 3 bytes ("a#1"): two reach the bound of 5.
        let prefetch = ResponsePrefetch(network: network.transport, maximumInFlight: 1, maximumHeldBytes: 5)
        for name in ["a", "b", "c"] { prefetch.prefetch(Self.request(name)) }
        try await Self.eventually { network.sent.count == 2 }
        try await Task.sleep(for: .milliseconds(50))
        #expect(network.sent == ["a", "b"])
        #expect(try await Self.send(Self.request("a"), through: prefetch) == "a#1")
        try await Self.eventually { network.sent.count == 3 }
        #expect(network.sent == ["a", "b", "c"])
        await prefetch.finish()
    }

    @Test("a request made while its prefetch is still queued is sent by its run, and never prefetched after")
    func takenWhileQueued() async throws {
        let network = Network(holding: true)
        let prefetch = ResponsePrefetch(network: network.transport, maximumInFlight: 1)
        prefetch.prefetch(Self.request("a"))
        prefetch.prefetch(Self.request("b"))
        try await Self.eventually { network.sent.count == 1 }
        async let b = Self.send(Self.request("b"), through: prefetch)
        try await Self.eventually { network.sent.count == 2 }
        network.release()
        #expect(try await b == "b#1")
        #expect(try await Self.send(Self.request("a"), through: prefetch) == "a#1")
        try await Task.sleep(for: .milliseconds(50))
        #expect(network.sent == ["a", "b"])
        await prefetch.finish()
    }

    @Test(
        "a prefetch that failed before its request is made is dropped: the request goes to the network",
        arguments: [0, 404, 429, 503])
    func failureDropped(failure: Int) async throws {
        let network = Network(firstFailure: failure)
        let prefetch = ResponsePrefetch(network: network.transport)
        prefetch.prefetch(Self.request("a"))
        try await Self.eventually { network.sent.count == 1 && network.running == 0 }
        try await Task.sleep(for: .milliseconds(20))
        #expect(try await Self.send(Self.request("a"), through: prefetch) == "a#2")
        #expect(network.sent == ["a", "a"])
        await prefetch.finish()
    }

    @Test("a request already waiting for its prefetch gets the prefetch's failure, as fresh as its own")
    func failureOfAWaitedPrefetch() async throws {
        let network = Network(holding: true, firstFailure: 0)
        let prefetch = ResponsePrefetch(network: network.transport)
        prefetch.prefetch(Self.request("a"))
        try await Self.eventually { network.sent.count == 1 }
        let answer = Task { try await Self.send(Self.request("a"), through: prefetch) }
        try await Self.eventually { prefetch.untaken == 0 }
        network.release()
        await #expect(throws: URLError.self) { try await answer.value }
        #expect(network.sent == ["a"])
        await prefetch.finish()
    }

    @Test("stop cancels the prefetches running and drops those queued; finish waits for them to end")
    func stopCancels() async throws {
        let network = Network(holding: true)
        let prefetch = ResponsePrefetch(network: network.transport, maximumInFlight: 2)
        for name in ["a", "b", "c"] { prefetch.prefetch(Self.request(name)) }
        try await Self.eventually { network.sent.count == 2 }
        prefetch.stop()
        // The held requests see their cancellation once released, "c" never starts.
        network.release()
        await prefetch.finish()
        #expect(network.cancelled == 2 && network.running == 0, "finish returned with a prefetch running")
        prefetch.prefetch(Self.request("d"))
        #expect(try await Self.send(Self.request("a"), through: prefetch) == "a#2", "sent anew, not answered")
        try await Task.sleep(for: .milliseconds(50))
        #expect(network.sent == ["a", "b", "a"])
    }

    @Test("a cancelled caller (a signal) queues no prefetch")
    func cancelledCallerQueuesNothing() async throws {
        let network = Network()
        let prefetch = ResponsePrefetch(network: network.transport)
        let caller = Task {
            while !Task.isCancelled { await Task.yield() }
            prefetch.prefetch(Self.request("a"))
        }
        caller.cancel()
        await caller.value
        try await Task.sleep(for: .milliseconds(50))
        #expect(network.sent.isEmpty)
        await prefetch.finish()
    }
}
