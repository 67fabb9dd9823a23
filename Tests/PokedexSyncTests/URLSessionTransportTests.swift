import Foundation
import LoopbackHTTP
import Testing

@testable import PokedexSync

/// The production transport against a loopback server: body bounds, the total deadline, and
/// one outcome per request however its ends race.
@Suite("URLSession transport", .timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    static func request(_ server: LoopbackServer, _ path: String = "/x", maximumBodyBytes: Int) -> HTTPRequest {
        HTTPRequest(url: URL(string: server.baseURL + path)!, maximumBodyBytes: maximumBodyBytes)
    }

    static let transport = URLSessionTransport.transport(
        maximumConnectionsPerHost: 4, timeout: .seconds(5), deadline: .milliseconds(800))

    @Test(
        "a body over its bound is refused, however it is framed; one of exactly the bound is not",
        arguments: [
            (ScriptedResponse.text(String(repeating: "a", count: 1_000)), true),
            (ScriptedResponse.text(String(repeating: "a", count: 1_001)), false),
            // Paced at 64 MB/s: a flood at memory speed would also starve this process's tests.
            (.faulted(.endlessBody(declaredLength: nil, pieceEveryMicroseconds: 1_000)), false),
            (.faulted(.endlessBody(declaredLength: "1001", pieceEveryMicroseconds: 1_000)), false),
            (.faulted(.endlessBody(declaredLength: "9000000000", pieceEveryMicroseconds: 1_000)), false),
        ])
    func bodyBound(answer: ScriptedResponse, accepted: Bool) async throws {
        let server = try LoopbackServer { _ in answer }
        let request = Self.request(server, maximumBodyBytes: 1_000)
        if accepted {
            let response = try await Self.transport(request)
            #expect(response.body.count <= 1_000)
        } else {
            await #expect(throws: FetchError.tooLarge(url: request.url.absoluteString, limit: 1_000)) {
                _ = try await Self.transport(request)
            }
        }
    }

    @Test(
        "an answer still arriving at the deadline fails as a transient timeout",
        arguments: [
            ScriptedResponse.text(String(repeating: "a", count: 1_000)).withFault(.trickle(millisecondsPerByte: 20)),
            .faulted(.endlessInterimResponses(millisecondsApart: 10)),
            .faulted(.endlessBody(declaredLength: nil, pieceEveryMicroseconds: 100_000)),
        ])
    func deadline(answer: ScriptedResponse) async throws {
        let server = try LoopbackServer { _ in answer }
        let request = Self.request(server, maximumBodyBytes: 1 << 20)
        let error = await #expect(throws: FetchError.self) { _ = try await Self.transport(request) }
        #expect(error?.isTransient == true)
        #expect(error?.description.contains("no complete answer within 0.8 s") == true, "\(String(describing: error))")
    }

    @Test("cancelling the calling task ends a request at once, long before its deadline", arguments: [0, 150])
    func cancellation(afterMilliseconds delay: Int) async throws {
        let server = try LoopbackServer { _ in ScriptedResponse.text("late").withFault(.stall(seconds: 20)) }
        let slow = URLSessionTransport.transport(
            maximumConnectionsPerHost: 1, timeout: .seconds(30), deadline: .seconds(40))
        let request = Self.request(server, maximumBodyBytes: 1 << 20)
        let work = Task { try await slow(request) }
        if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
        work.cancel()
        // The suite's time limit is the hang detector: waiting out the stall or the deadline
        // would exceed it.
        await #expect(throws: CancellationError.self) { _ = try await work.value }
    }

    @Test("answers racing the deadline each end the request exactly once")
    func racesEndOnce() async throws {
        // Stalls spread around the deadline: some answers win, some lose, some tie.
        let server = try LoopbackServer { request in
            let stall = Double(request.query["stall"].flatMap(Int.init) ?? 0) / 1_000
            return .text("done").withFault(.stall(seconds: stall))
        }
        let transport = URLSessionTransport.transport(
            maximumConnectionsPerHost: 64, timeout: .seconds(5), deadline: .milliseconds(300))
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let request = Self.request(server, "/x?stall=\(280 + index)", maximumBodyBytes: 100)
                    return (try? await transport(request)) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 64)
    }

    static let hasIPv6Loopback = (try? LoopbackServer(ipv6: true) { _ in .text("") }) != nil

    @Test(
        "an IPv6 literal URL reaches its server",
        .enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback (::1)"))
    func ipv6Literal() async throws {
        let server = try LoopbackServer(ipv6: true) { _ in .text("ok") }
        // Swift 6.3's FoundationNetworking fails every IPv6 literal with NSURLErrorBadURL: URL.host
        // is "::1", libcurl's host "[::1]", and EasyHandle.set(url:) requires them equal
        // (swift-corelibs-foundation #5498, fixed upstream after 6.3). Hence the sync's refusal
        // of such base URLs (SyncCommandRunner); once this passes, that refusal can go.
        await withKnownIssue("URLSession on Linux cannot connect to IPv6 literals before #5498") {
            let response = try await Self.transport(Self.request(server, maximumBodyBytes: 100))
            #expect(String(decoding: response.body, as: UTF8.self) == "ok")
        }
    }

    @Test("URLs built on an IPv6 base keep its brackets, and its origin is its own")
    func ipv6URLs() throws {
        let base = URL(string: "http://[::1]:8080/api/v2")!
        let list = try PokeAPIEndpoint.pokemonList(offset: 0, limit: 20).request(baseURL: base)
        #expect(list.url.absoluteString == "http://[::1]:8080/api/v2/pokemon/?offset=0&limit=20")
        let details = try PokeAPIEndpoint.details("/api/v2/pokemon/25/").request(baseURL: base)
        #expect(details.url.absoluteString == "http://[::1]:8080/api/v2/pokemon/25/")
        let gitHub = URL(string: "http://[::1]:8080")!
        let repository = try GitHubEndpoint.repositoryByID(7).request(baseURL: gitHub, token: "t", etag: nil)
        #expect(repository.url.absoluteString == "http://[::1]:8080/repositories/7")
        #expect(repository.headers["Authorization"] == "Bearer t")
        for (other, same) in [
            ("http://[::1]:8080/x", true), ("http://[::1]:8081/x", false), ("http://[::2]:8080/x", false),
        ] {
            #expect(URL(string: other)!.hasSameOrigin(as: gitHub) == same, "\(other)")
        }
    }
}
