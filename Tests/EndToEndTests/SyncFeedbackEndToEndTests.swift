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
        let server = try LoopbackServer { _ in ScriptedResponse(fault: .stall(seconds: 60)) }
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let started = ContinuousClock.now
        let terminal = try PseudoTerminal(
            executable: PokedexProcess.binaryPath,
            ["--db", directory.file("pokedex.sqlite"), "sync", "--timeout", "2", "--retries", "1"],
            environment: [
                "PATH": "/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8",
                "POKEAPI_BASE_URL": server.baseURL + "/api/v2", "GITHUB_API_URL": server.baseURL,
            ])
        #expect(terminal.wait(for: .seconds(1)) { $0.contains("Pokémon catalog: asking 127.0.0.1") })
        #expect(terminal.wait(for: .seconds(2)) { $0.contains("Pokémon catalog: waiting for 127.0.0.1") })
        // Two attempts of 2 s and, between them, a backoff of at most 0.5 s.
        let bound: Duration = .seconds(2 * 2) + .milliseconds(500)
        let status = terminal.exit(within: bound + .seconds(5))
        let elapsed = ContinuousClock.now - started
        #expect(status == 69, "\(terminal.text)")
        #expect(elapsed < bound + .seconds(1), "took \(elapsed)")
        // A retry line may wrap at 80 columns; its continuation is indented two.
        let text = terminal.text.replacingOccurrences(of: "\r\n  ", with: " ")
        #expect(text.ranges(of: "retrying GET http://127.0.0.1:").count == 1, "\(text)")
        #expect(text.contains("(1 of 1): timed out"), "\(text)")
        #expect(terminal.text.contains("Error:\u{1B}[0m cannot reach 127.0.0.1"), "red on a terminal")
    }
}
