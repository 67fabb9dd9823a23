import BodyCoding
import CurlTransport
import Foundation
import HTTPTypes
import LoopbackHTTP
import PokedexSync
import Testing

/// The libcurl transport against loopback servers: what it returns, the bounds it holds a
/// server to, how it fails, and that each request ends exactly once however its ends race.
@Suite("libcurl transport", .timeLimit(.minutes(5)))
struct CurlTransportTests {
    static func request(
        _ server: LoopbackServer, _ path: String = "/x", headers: [String: String] = [:],
        maximumBodyBytes: Int = 1 << 20
    ) -> HTTPRequest {
        HTTPRequest(url: URL(string: server.baseURL + path)!, headers: headers, maximumBodyBytes: maximumBodyBytes)
    }

    /// For every test but the deadline's: a deadline far past what a loaded machine needs, so
    /// that only what a test provokes ends a request.
    static let transport = CurlTransport.transport(
        maximumConnectionsPerHost: 4, timeout: .seconds(5), deadline: .seconds(20))
    /// For the deadline's test: short, so that it ends long before the answers would.
    static let shortDeadline = CurlTransport.transport(
        maximumConnectionsPerHost: 4, timeout: .seconds(5), deadline: .milliseconds(800))

    @Test("status, header fields and body come back as sent, and the request's fields reach the server")
    func answer() async throws {
        let server = try LoopbackServer { request in
            .json("{\"echo\":\"\(request.header("x-probe") ?? "")\"}", status: 201, headers: [("X-Answer", "a")])
        }
        let response = try await Self.transport(Self.request(server, headers: ["X-Probe": "p"]))
        #expect(response.status == 201)
        #expect(
            response.header("x-answer") == "a" && response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"echo\":\"p\"}")
        #expect(response.url.absoluteString == server.baseURL + "/x")
    }

    @Test("keep-alive: ten sequential requests share their connection instead of opening ten")
    func keepAlive() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        // A transport of its own, as each server has in a sync: the suite's shared one also
        // carries the other tests' connections, and libcurl's connection cache (4 per transfer
        // running) evicted this server's idle one for theirs when they ran at the same time,
        // which is where the second and third connections seen under load came from.
        let transport = CurlTransport.transport(
            maximumConnectionsPerHost: 4, timeout: .seconds(5), deadline: .seconds(20))
        for _ in 0..<10 { _ = try await transport(Self.request(server)) }
        #expect(server.connectionCounts.accepted == 1, "\(server.connectionCounts.accepted) connections")
    }

    @Test(
        "a gzip body comes back as it travelled; the client asks for it, decodes it once and bounds the decoded bytes")
    func gzip() async throws {
        let text = String(repeating: "pikachu ", count: 20_000)
        let compressed = try SystemGzip.compress(Array(text.utf8))
        try #require(compressed.count < 2_000)
        let server = try LoopbackServer { request in
            guard request.header("accept-encoding")?.contains("gzip") == true else { return .text("identity") }
            return ScriptedResponse(status: 200, headers: [("Content-Encoding", "gzip")], body: compressed)
        }
        // libcurl neither asks for gzip nor decodes it: the client does both.
        let plain = try await Self.transport(Self.request(server))
        #expect(String(decoding: plain.body, as: UTF8.self) == "identity")
        let raw = try await Self.transport(Self.request(server, headers: ["Accept-Encoding": "gzip"]))
        #expect(Array(raw.body) == compressed)

        let client = HTTPClient(transport: Self.transport)
        let response = try await client.send(Self.request(server))
        #expect(response.body == Data(text.utf8))
        // What the store keeps is the server's own deflate stream, reframed.
        let kept = try #require(response.compressedBody)
        #expect(kept.decodedSize == text.utf8.count)
        #expect(try kept.decoded() == Array(text.utf8))
        #expect(compressed.firstRange(of: kept.bytes.dropFirst(2).dropLast(4)) != nil)

        let bounded = Self.request(server, maximumBodyBytes: 100_000)
        await #expect(throws: FetchError.tooLarge(url: bounded.url.absoluteString, limit: 100_000)) {
            _ = try await client.send(bounded)
        }
    }

    @Test(
        "a body over its bound is refused, however it is framed; one of exactly the bound is not",
        arguments: [
            (ScriptedResponse.text(String(repeating: "a", count: 1_000)), true),
            (ScriptedResponse.text(String(repeating: "a", count: 1_001)), false),
            (.faulted(.endlessBody(declaredLength: nil, pieceEveryMicroseconds: 1_000)), false),
            // At memory speed: the cut must not wait for the socket to run dry.
            (.faulted(.endlessBody(declaredLength: nil)), false),
            (.faulted(.endlessBody(declaredLength: "1001", pieceEveryMicroseconds: 1_000)), false),
            (.faulted(.endlessBody(declaredLength: "9000000000", pieceEveryMicroseconds: 1_000)), false),
            // 2^63-1 trapped FoundationNetworking; a length past every integer must not trap either.
            (.faulted(.endlessBody(declaredLength: "9223372036854775807")), false),
            (.faulted(.endlessBody(declaredLength: "99999999999999999999999999")), false),
        ])
    func bodyBound(answer: ScriptedResponse, accepted: Bool) async throws {
        let server = try LoopbackServer { _ in answer }
        let request = Self.request(server, maximumBodyBytes: 1_000)
        if accepted {
            let response = try await Self.transport(request)
            #expect(response.body.count == 1_000)
        } else {
            await #expect(throws: FetchError.tooLarge(url: request.url.absoluteString, limit: 1_000)) {
                _ = try await Self.transport(request)
            }
        }
    }

    @Test(
        "an answer still arriving at the deadline fails as a transient timeout",
        arguments: [
            ScriptedResponse.text(String(repeating: "a", count: 1_000)).withFault(.trickle(millisecondsPerByte: 120)),
            .faulted(.endlessInterimResponses(millisecondsApart: 10)),
            .faulted(.endlessBody(declaredLength: nil, pieceEveryMicroseconds: 100_000)),
        ])
    func deadline(answer: ScriptedResponse) async throws {
        let server = try LoopbackServer { _ in answer }
        let request = Self.request(server)
        let started = ContinuousClock.now
        let error = await #expect(throws: FetchError.self) { _ = try await Self.shortDeadline(request) }
        #expect(error?.isTransient == true)
        #expect(error?.description.contains("no complete answer within 0.8 s") == true, "\(String(describing: error))")
        // The answers would run until the loopback server's minute is up, or never end; half of
        // that leaves room for a loaded machine to resume the test.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("answers racing the deadline each end the request exactly once")
    func deadlineRaces() async throws {
        // Stalls spread around the deadline: some answers win, some lose, some tie.
        let server = try LoopbackServer { request in
            let stall = Double(request.query["stall"].flatMap(Int.init) ?? 0) / 1_000
            return .text("done").withFault(.stall(seconds: stall))
        }
        let transport = CurlTransport.transport(
            maximumConnectionsPerHost: 64, timeout: .seconds(5), deadline: .milliseconds(300))
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask { (try? await transport(Self.request(server, "/x?stall=\(280 + index)"))) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 64 && outcomes.contains(false))
    }

    @Test("a server silent for the idle timeout fails as timed out, long before the deadline")
    func idleTimeout() async throws {
        let server = try LoopbackServer { _ in ScriptedResponse.text("late").withFault(.stall(seconds: 100)) }
        let transport = CurlTransport.transport(
            maximumConnectionsPerHost: 1, timeout: .seconds(1), deadline: .seconds(120))
        let request = Self.request(server)
        let started = ContinuousClock.now
        await #expect(throws: FetchError.unreachable(url: request.url.absoluteString, reason: "timed out")) {
            _ = try await transport(request)
        }
        // Well short of the stall and the deadline: the idle timeout ended it. The bound leaves
        // room for a test run whose blocking tests hold every cooperative thread for a while.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("a closed port fails as connection refused")
    func connectionRefused() async throws {
        let server = try LoopbackServer { _ in .text("") }
        server.stop()
        let request = Self.request(server)
        await #expect(throws: FetchError.unreachable(url: request.url.absoluteString, reason: "connection refused")) {
            _ = try await Self.transport(request)
        }
    }

    @Test(
        "a dropped connection fails as connection lost",
        arguments: [
            ScriptedResponse.text(String(repeating: "a", count: 1_000)).withFault(.truncateBody(afterBytes: 10)),
            .faulted(.closeWithoutResponse), .faulted(.reset),
        ])
    func connectionLost(answer: ScriptedResponse) async throws {
        let server = try LoopbackServer { _ in answer }
        let request = Self.request(server)
        await #expect(throws: FetchError.unreachable(url: request.url.absoluteString, reason: "connection lost")) {
            _ = try await Self.transport(request)
        }
    }

    @Test("a redirect chain is followed, relative locations resolved, credentials kept on the same origin")
    func sameOriginRedirects() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/a": return ScriptedResponse(status: 301, headers: [("Location", "/b")], body: Array("moved".utf8))
            case "/b": return ScriptedResponse(status: 307, headers: [("Location", "c?page=2")])
            default: return .text(request.header("authorization") ?? "none")
            }
        }
        let response = try await Self.transport(Self.request(server, "/a", headers: ["Authorization": "Bearer s3cret"]))
        #expect(response.status == 200 && response.url.absoluteString == server.baseURL + "/c?page=2")
        #expect(String(decoding: response.body, as: UTF8.self) == "Bearer s3cret")
        #expect(server.requests.map(\.target) == ["/a", "/b", "/c?page=2"])
    }

    @Test("a redirect to another origin drops the credentials, on every hop after it")
    func crossOriginRedirect() async throws {
        let other = try LoopbackServer { request in
            request.path == "/hop"
                ? ScriptedResponse(status: 302, headers: [("Location", "/end")])
                : .text(request.header("authorization") ?? "none")
        }
        let origin = try LoopbackServer { _ in
            ScriptedResponse(status: 302, headers: [("Location", other.baseURL + "/hop")])
        }
        let response = try await Self.transport(Self.request(origin, headers: ["Authorization": "Bearer s3cret"]))
        #expect(String(decoding: response.body, as: UTF8.self) == "none")
        #expect(other.requests.allSatisfy { $0.header("authorization") == nil })
    }

    @Test("https to http, or to another port, is another origin: the credentials stay behind")
    func downgradeDropsCredentials() throws {
        let request = HTTPRequest(
            url: URL(string: "https://api.github.com/repositories/1")!, headers: ["Authorization": "Bearer t"],
            maximumBodyBytes: 1)
        for location in ["http://api.github.com/x", "https://api.github.com:8443/x", "//evil.example/x"] {
            let next = try #require(RedirectPolicy.redirect(request, to: location, from: request.url))
            #expect(next.headers["Authorization"] == nil, "\(location)")
        }
        #expect(RedirectPolicy.redirect(request, to: "/x", from: request.url)?.headers["Authorization"] == "Bearer t")
    }

    @Test("a redirect to anything but http(s) is not followed: the 3xx is the answer")
    func nonHTTPRedirect() async throws {
        let server = try LoopbackServer { _ in
            ScriptedResponse(status: 302, headers: [("Location", "ftp://127.0.0.1/x")])
        }
        let response = try await Self.transport(Self.request(server))
        #expect(response.status == 302 && response.header("location") == "ftp://127.0.0.1/x")
        #expect(server.requests.count == 1)
    }

    @Test("a redirect loop fails after the bounded number of hops")
    func redirectLoop() async throws {
        let server = try LoopbackServer { _ in ScriptedResponse(status: 302, headers: [("Location", "/x")]) }
        let request = Self.request(server)
        await #expect(throws: FetchError.unreachable(url: request.url.absoluteString, reason: "too many redirects")) {
            _ = try await Self.transport(request)
        }
        #expect(server.requests.count == RedirectPolicy.maximumRedirects + 1)
    }

    @Test("a redirect's endless body is not read: the redirect is followed at once")
    func redirectBodyNotBuffered() async throws {
        let server = try LoopbackServer { request in
            request.path == "/x"
                ? ScriptedResponse(status: 301, headers: [("Location", "/y")]).withFault(
                    .endlessBody(declaredLength: nil))
                : .text("here")
        }
        let response = try await Self.transport(Self.request(server, maximumBodyBytes: 10))
        #expect(String(decoding: response.body, as: UTF8.self) == "here")
    }

    static let hasIPv6Loopback = (try? LoopbackServer(ipv6: true) { _ in .text("") }) != nil

    @Test(
        "an IPv6 literal URL reaches its server",
        .enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback (::1)"))
    func ipv6Literal() async throws {
        let server = try LoopbackServer(ipv6: true) { _ in .text("ok") }
        let response = try await Self.transport(Self.request(server))
        #expect(String(decoding: response.body, as: UTF8.self) == "ok")
    }

    @Test("many concurrent requests all complete over at most the capped connections")
    func connectionCap() async throws {
        let server = try LoopbackServer { request in .text(request.target).withFault(.stall(seconds: 0.01)) }
        let transport = CurlTransport.transport(maximumConnectionsPerHost: 3, timeout: .seconds(10))
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                group.addTask {
                    String(decoding: try await transport(Self.request(server, "/\(index)")).body, as: UTF8.self)
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == Set((0..<200).map { "/\($0)" }))
        #expect(
            server.connectionCounts.peakOpen <= 3 && server.connectionCounts.accepted <= 3, "\(server.connectionCounts)"
        )
    }

    @Test("cancelling the calling task ends a request at once, long before its deadline", arguments: [0, 150])
    func cancellation(afterMilliseconds delay: Int) async throws {
        // The stall outlasts any wait for the test to be resumed: only the cancellation ends it.
        let server = try LoopbackServer { _ in ScriptedResponse.text("late").withFault(.stall(seconds: 100)) }
        let slow = CurlTransport.transport(
            maximumConnectionsPerHost: 1, timeout: .seconds(120), deadline: .seconds(150))
        let work = Task { try await slow(Self.request(server)) }
        if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
        let cancelled = ContinuousClock.now
        work.cancel()
        await #expect(throws: CancellationError.self) { _ = try await work.value }
        #expect(ContinuousClock.now - cancelled < .seconds(30), "the stall was waited out")
    }

    @Test("cancellation mid-body ends the transfer, and the transport goes on serving")
    func cancellationMidBody() async throws {
        let server = try LoopbackServer { request in
            request.path == "/slow"
                ? .text(String(repeating: "a", count: 10_000)).withFault(.trickle(millisecondsPerByte: 5))
                : .text("next")
        }
        let transport = CurlTransport.transport(maximumConnectionsPerHost: 1, timeout: .seconds(30))
        let work = Task { try await transport(Self.request(server, "/slow")) }
        try await Task.sleep(for: .milliseconds(200))
        work.cancel()
        await #expect(throws: CancellationError.self) { _ = try await work.value }
        #expect(String(decoding: try await transport(Self.request(server, "/next")).body, as: UTF8.self) == "next")
    }

    @Test("completion racing cancellation under load: every request ends exactly once")
    func cancellationRaces() async throws {
        let server = try LoopbackServer { request in
            let stall = Double(request.query["stall"].flatMap(Int.init) ?? 0) / 1_000
            return .text(String(repeating: "b", count: 20_000)).withFault(.stall(seconds: stall))
        }
        let transport = CurlTransport.transport(maximumConnectionsPerHost: 8, timeout: .seconds(10))
        let count = 400
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<count {
                group.addTask {
                    let work = Task { try await transport(Self.request(server, "/x?stall=\(index % 7)")) }
                    try? await Task.sleep(for: .microseconds(Int.random(in: 0...20_000)))
                    work.cancel()
                    switch await work.result {
                    case .success(let response): return response.body.count == 20_000 ? "done" : "short"
                    case .failure(let error): return error is CancellationError ? "cancelled" : "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        }
        #expect(outcomes.values.reduce(0, +) == count)
        #expect(Set(outcomes.keys).isSubset(of: ["done", "cancelled"]), "\(outcomes)")
        // The transport still serves after the storm.
        #expect(try await transport(Self.request(server)).body.count == 20_000)
    }
}
