import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// What a person at a terminal sees while a sync waits: never a silent terminal.
@Suite("Sync feedback on a terminal")
struct SyncFeedbackEndToEndTests {
    @Test(
        """
        a server that never answers: the wait shows within a second, each retry is announced, and \
        the sync ends within --timeout × (--retries + 1) plus the backoff
        """)
    func neverAnswers() throws {
        // Times are taken from the first request's arrival: how long a loaded machine takes to
        // start the process and create the database is not what is asserted.
        let firstRequest = FirstArrival()
        let server = try LoopbackServer { _ in
            firstRequest.record()
            return ScriptedResponse(fault: .stall(seconds: 60))
        }
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let terminal = try PseudoTerminal(
            executable: PokedexProcess.binaryPath,
            ["--db", directory.file("pokedex.sqlite"), "sync", "--timeout", "4", "--retries", "1"],
            environment: [
                "PATH": "/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8",
                "POKEAPI_BASE_URL": server.baseURL + "/api/v2", "GITHUB_API_URL": server.baseURL,
            ])
        let asked = try #require(firstRequest.wait(for: .seconds(30)), "no request came: \(terminal.text)")
        #expect(terminal.wait(for: .seconds(30)) { $0.contains("Pokémon catalog: asking 127.0.0.1") })
        #expect(ContinuousClock.now - asked < .seconds(1), "the request showed late")
        // "waiting" once a second has passed without an answer, long before the request's timeout.
        #expect(terminal.wait(for: .seconds(30)) { $0.contains("Pokémon catalog: waiting for 127.0.0.1") })
        #expect(ContinuousClock.now - asked < .milliseconds(2500), "the wait showed late")
        // Two attempts of 4 s and, between them, a backoff of at most 0.5 s.
        let bound: Duration = .seconds(2 * 4) + .milliseconds(500)
        let status = terminal.exit(within: bound + .seconds(10))
        let elapsed = ContinuousClock.now - asked
        #expect(status == 69, "\(terminal.text)")
        #expect(elapsed < bound + .seconds(2), "took \(elapsed)")
        // A retry line may wrap at 80 columns; its continuation is indented two.
        let text = terminal.text.replacingOccurrences(of: "\r\n  ", with: " ")
        #expect(text.ranges(of: "retrying GET http://127.0.0.1:").count == 1, "\(text)")
        #expect(text.contains("(1 of 1): timed out"), "\(text)")
        #expect(terminal.text.contains("Error:\u{1B}[0m cannot reach 127.0.0.1"), "red on a terminal")
    }
}

/// When a server thread saw its first request, for a test thread to wait on.
private final class FirstArrival: @unchecked Sendable {
    private let condition = NSCondition()
    private var arrival: ContinuousClock.Instant?

    func record() {
        condition.withLock {
            if arrival == nil { arrival = .now }
            condition.broadcast()
        }
    }

    /// The first arrival, waiting at most `timeout` for it.
    func wait(for timeout: Duration) -> ContinuousClock.Instant? {
        let deadline = Date(timeIntervalSinceNow: timeout / .seconds(1))
        return condition.withLock {
            while arrival == nil, condition.wait(until: deadline) {}
            return arrival
        }
    }
}
