import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// What a sync that went on past failed kinds says last, as cron mails it, and what `status`
/// then shows of them.
@Suite("A sync with failed parts end to end")
struct FailedSyncEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
    }

    /// The fake with the details of `failing` kinds answering 500.
    func api(failing: Set<String>) throws -> FakePokeAPI {
        let api = try KindsFixture.api()
        api.override = { request in
            failing.contains { KindsFixture.detailID(request, kind: $0) != nil }
                ? .text("upstream broke", status: 500) : nil
        }
        return api
    }

    @Test("two kinds answering 500: each reported as it fails, then a last Error: line naming both")
    func closingLine() throws {
        let sync = try KindsFixture.run(database, try api(failing: ["machine", "gizmo"]), ["sync", "--retries", "0"])
        #expect(sync.status == 69, "\(sync.stderr)")
        #expect(sync.errors.count == 2, "\(sync.stderr)")
        #expect(sync.errors.allSatisfy { $0.hasPrefix("Error: GET ") }, "\(sync.stderr)")
        let last = try #require(sync.messages.last)
        #expect(last == sync.closingError, "\(sync.stderr)")
        #expect(last.hasPrefix("Error: sync finished with 2 failures, reported above: "), "\(last)")
        #expect(last.hasSuffix("; the rest is stored"), "\(last)")
        #expect(last.components(separatedBy: " (HTTP 500)").count == 3, "\(last)")

        let again = try KindsFixture.run(database, try api(failing: []), ["sync"])
        #expect(again.status == 0 && again.closingError == nil, "\(again.stderr)")
        #expect(again.messages.last?.hasPrefix("sync finished in ") == true, "\(again.stderr)")
    }
}
