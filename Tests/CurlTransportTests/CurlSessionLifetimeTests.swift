import Foundation
import LoopbackHTTP
import PokedexSync
import Testing

@testable import CurlTransport
@testable import HTTPTypes

/// What a transport holds is freed once it is dropped: the owner thread stops and releases
/// the multi handle (its one reference), whatever its requests came to.
@Suite("libcurl session lifetime", .timeLimit(.minutes(5)))
struct CurlSessionLifetimeTests {
    @Test("dropping a session after requests, some cancelled mid-flight, stops its thread and frees the multi handle")
    func freedAfterUse() async throws {
        let server = try LoopbackServer { request in
            .text("done").withFault(.stall(seconds: Double(request.query["stall"].flatMap(Int.init) ?? 0) / 1_000))
        }
        weak var multi: CurlMulti?
        do {
            let session = CurlSession(maximumConnectionsPerHost: 2)
            multi = session.multi
            let limits = TransferLimits(idleTimeout: .seconds(5), deadline: .seconds(10), start: .now)
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let request = HTTPRequest(
                            url: URL(string: server.baseURL + "/x?stall=\(index % 5)")!, maximumBodyBytes: 100)
                        let work = Task { try await session.fetch(request, limits: limits) }
                        if index.isMultiple(of: 2) { work.cancel() }
                        _ = await work.result
                    }
                }
            }
            #expect(multi != nil)
        }
        let waitedUntil = ContinuousClock.now + .seconds(5)
        while multi != nil && ContinuousClock.now < waitedUntil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(multi == nil, "the owner thread still holds the multi handle")
    }
}
