import Foundation
import LoopbackHTTP
import Synchronization
import TestSupport
import Testing

/// A kind whose request fails without an answer: its run fails, and the server's other kinds
/// are asked only if the server still answers. A body that cannot be used fails its kind, whose
/// other entries are stored all the same.
@Suite("pokedex sync: a kind that cannot be fetched")
struct KindsFailureEndToEndTests {
    let directory: TemporaryDirectory
    let database: String
    let api: FakePokeAPI

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
        api = try KindsFixture.api()
    }

    func sync() throws -> PokedexProcess.Result {
        try KindsFixture.run(database, api, ["sync", "--artwork", "none", "--retries", "1", "--retry-wait", "1"])
    }

    @Test("a body cut short at every try fails its kind only: the kinds after it are synced")
    func cutBody() throws {
        api.override = { [api] request in
            guard KindsFixture.detailID(request, kind: "move") == 3 else { return nil }
            let real = api.realAnswer(to: request)
            return real.withFault(.truncateBody(afterBytes: real.body.count / 2))
        }
        let result = try sync()
        #expect(result.status == 69 && result.errors.count == 1, "\(result.stderr)")
        #expect(result.errors.first?.contains("/move/3/") == true, "\(result.stderr)")
        #expect(
            result.errors.first?.contains("broke off the connection before its answer was complete") == true,
            "the server was reached: \(result.stderr)")
        for (kind, count) in [("machine", 3), ("move-ailment", 4), ("gizmo", 2)] {
            #expect(try KindsFixture.storedIDs(database, kind: kind).count == count, "\(kind): \(result.stderr)")
        }
    }

    @Test(
        "a server gone mid-sync, its root index unanswered or a front's 503: one probe, then no other kind",
        arguments: [false, true])
    func serverGone(behindFront: Bool) throws {
        let gone = Mutex(false)
        api.override = { request in
            if KindsFixture.detailID(request, kind: "move") == 3 { gone.withLock { $0 = true } }
            guard gone.withLock({ $0 }) else { return nil }
            return behindFront && KindsFixture.isRootIndex(request)
                ? ScriptedResponse(status: 503, body: Array("<html>503</html>".utf8)) : .faulted(.closeWithoutResponse)
        }
        let result = try sync()
        #expect(result.status == 69 && result.errors.count == 1, "\(result.stderr)")
        let afterwards = api.server.requests.drop { KindsFixture.detailID($0, kind: "move") != 3 }
        #expect(afterwards.filter(KindsFixture.isRootIndex).count == 1, "one probe")
        #expect(try KindsFixture.storedIDs(database, kind: "move-ailment").isEmpty)
    }

    @Test(
        "details not JSON or not found fail their kind, which stores the rest and names each; the next run asks again",
        arguments: [200, 404])
    func refusedBody(status: Int) throws {
        api.override = { request in
            [3, 7].contains(KindsFixture.detailID(request, kind: "move"))
                ? ScriptedResponse(status: status, body: Array("<html>Bad Gateway or Not Found</html>".utf8)) : nil
        }
        let first = try sync()
        #expect(first.status == 65 && first.errors.count == 1, "\(first.stderr)")
        // The run's Error: line names one, a line of its own the other.
        #expect(first.stderr.contains("/move/3/") && first.stderr.contains("/move/7/"), "\(first.stderr)")
        #expect(first.stderr.contains("left out GET"), "\(first.stderr)")
        #expect(try KindsFixture.storedIDs(database, kind: "move") == Set(1...10).subtracting([3, 7]))
        api.server.resetLog()
        let again = try sync()
        #expect(again.status == 65, "\(again.stderr)")
        let asked = api.server.requests.compactMap { KindsFixture.detailID($0, kind: "move") }
        #expect(Set(asked) == [3, 7], "\(asked)")
    }

    @Test("a server still throttling (429) after a request's retries: the server's other kinds are not asked")
    func throttledPastRetries() throws {
        let throttled = Mutex(false)
        api.override = { request in
            if KindsFixture.detailID(request, kind: "move") == 3 { throttled.withLock { $0 = true } }
            guard throttled.withLock({ $0 }) else { return nil }
            return ScriptedResponse(
                status: 429, headers: [("Retry-After", "0")], body: Array("<html>Too Many Requests</html>".utf8))
        }
        let result = try sync()
        #expect(result.status == 69 && result.errors.count == 1, "\(result.stderr)")
        #expect(result.errors.first?.contains("HTTP 429") == true, "\(result.stderr)")
        let afterwards = api.server.requests.drop { KindsFixture.detailID($0, kind: "move") != 3 }
        for kind in ["machine", "move-ailment", "gizmo"] {
            #expect(!afterwards.contains { $0.path.contains("/\(kind)/") }, "\(kind) asked while throttled")
        }
    }

    @Test("a detail failing with 500 at every try while the others answer is left out: the rest are stored")
    func persistentServerError() throws {
        // The first answer to #3 waits until the last move is asked for: the others are answered
        // before #3 fails, however loaded the machine (nothing answered since, it would end the run).
        let lastAsked = DispatchSemaphore(value: 0)
        let waits = Mutex(true)
        api.override = { request in
            let id = KindsFixture.detailID(request, kind: "move")
            if id == 10 { lastAsked.signal() }
            guard id == 3 else { return nil }
            if waits.withLock({ $0 }) { _ = lastAsked.wait(timeout: .now() + 10) }
            waits.withLock { $0 = false }
            return ScriptedResponse(status: 500, body: Array("<html>Internal Server Error</html>".utf8))
        }
        let first = try sync()
        #expect(first.status == 69 && first.errors.count == 1, "\(first.stderr)")
        #expect(first.errors.first?.contains("/move/3/") == true, "\(first.stderr)")
        #expect(try KindsFixture.storedIDs(database, kind: "move") == Set(1...10).subtracting([3]))
        for (kind, count) in [("machine", 3), ("move-ailment", 4), ("gizmo", 2)] {
            #expect(try KindsFixture.storedIDs(database, kind: kind).count == count, "\(kind): \(first.stderr)")
        }
        api.server.resetLog()
        let again = try sync()
        #expect(again.status == 69, "\(again.stderr)")
        let asked = api.server.requests.compactMap { KindsFixture.detailID($0, kind: "move") }
        #expect(Set(asked) == [3], "\(asked)")
    }

    @Test("a server failing every detail from some point on ends the kind at the second failure")
    func outageMidKind() throws {
        let api = try FakePokeAPI(extraKinds: [.nameless("machine", count: 200)])
        api.override = { request in
            guard let id = KindsFixture.detailID(request, kind: "machine"), id > 100 else { return nil }
            return ScriptedResponse(status: 503, body: Array("<html>Service Unavailable</html>".utf8))
        }
        let result = try KindsFixture.run(
            database, api, ["sync", "--artwork", "none", "--retries", "0", "--concurrency", "2"])
        #expect(result.status == 69 && result.errors.count == 1, "\(result.stderr)")
        // The first page of 100 is committed; the second, left unfinished, is not.
        #expect(try KindsFixture.storedIDs(database, kind: "machine") == Set(1...100))
        // The one left out before the failure that ended the run is said too.
        #expect(result.stderr.contains("machines: left out GET"), "\(result.stderr)")
        let asked = api.server.requests.filter { KindsFixture.detailID($0, kind: "machine") != nil }.count
        // 101 is left out, 102 ends the run; the download in flight then is collected. Leaving
        // out every failure up to the limit would have asked 111.
        #expect(asked <= 102 + 1, "\(asked) machine requests")
    }

    @Test("past ten refused bodies a kind stops, as after any failure: error pages for all are not each retried")
    func refusedBodiesLimit() throws {
        let api = try FakePokeAPI(extraKinds: [.nameless("machine", count: 100)])
        api.override = { request in
            KindsFixture.detailID(request, kind: "machine") != nil
                ? ScriptedResponse(status: 200, body: Array("<html>captive portal</html>".utf8)) : nil
        }
        let result = try KindsFixture.run(
            database, api, ["sync", "--artwork", "none", "--retries", "0", "--concurrency", "8"])
        #expect(result.status == 65 && result.errors.count == 1, "\(result.stderr)")
        let asked = api.server.requests.filter { KindsFixture.detailID($0, kind: "machine") != nil }.count
        // The eleventh refusal ends it; the downloads in flight then (8 at most) are collected.
        #expect(asked >= 11 && asked < 11 + 8, "\(asked) machine requests")
    }
}
