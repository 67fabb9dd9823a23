import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// Hostile clients against `pokedex serve`: each gets a clean status or a closed connection,
/// other clients keep being answered promptly, and the server's memory stays bounded.
@Suite("pokedex serve: hostile clients end to end", .serialized)
struct ServeHostileEndToEndTests {
    let source: ServedDatabase

    init() throws {
        source = try ServedDatabase.shared.get()
    }

    /// The server's peak resident memory so far, in bytes.
    static func peakMemory(_ server: ServeProcess) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// A well-behaved client's request is answered within `seconds`: 200, or 503 where the
    /// server is at its connection limit (`busy`).
    static func expectPrompt(
        _ server: ServeProcess, within seconds: Double = 2, busy: Bool = false, _ label: String
    ) throws {
        let started = Date()
        let answer = try RawHTTP(port: server.port, timeout: seconds).request("/api/v2/pokemon/25")
        #expect(answer.status == 200 || busy && answer.status == 503, "\(label): \(answer.status)")
        #expect(Date().timeIntervalSince(started) < seconds, "\(label): \(Date().timeIntervalSince(started)) s")
    }

    /// What a raw request gets: its status, or nil for a closed connection.
    static func status(_ server: ServeProcess, sending bytes: [UInt8]) throws -> Int? {
        let client = try RawHTTP(port: server.port, timeout: 5)
        client.send(bytes)
        return try? client.response().status
    }

    @Test("traversal, %00, overlong and malformed request lines, 100,000 headers: a clean status or a close")
    func malformed() throws {
        let server = try ServeProcess(database: source.path)
        let cases: [(String, [UInt8], Set<Int?>)] = [
            ("traversal", Array("GET /api/v2/../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n".utf8), [400, 404]),
            ("encoded traversal", Array("GET /media/pokemon/%2e%2e/%2e%2e/x HTTP/1.1\r\nHost: x\r\n\r\n".utf8), [404]),
            ("NUL", Array("GET /api/v3/repos/octo-org%00/hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8), [400]),
            // libmicrohttpd ends the path at a raw NUL: what follows it is never seen, so this
            // is the list's page (never the text past the NUL).
            ("raw NUL", Array("GET /api/v2/pokemon/\u{0}/../x HTTP/1.1\r\nHost: x\r\n\r\n".utf8), [200, 400, nil]),
            ("bad escape", Array("GET /api/v2/pokemon/%zz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), [400]),
            (
                "overlong URL", Array("GET /\(String(repeating: "a", count: 200_000)) HTTP/1.1\r\n\r\n".utf8),
                [414, 431, 400, nil]
            ),
            ("garbage", Array("\u{1}\u{2}\u{3} nonsense\r\n\r\n".utf8), [400, nil]),
            ("no version", Array("GET /api/v2/\r\n\r\n".utf8), [400, 505, nil]),
            ("bad version", Array("GET /api/v2/ HTTP/9.9\r\nHost: x\r\n\r\n".utf8), [505, 400, nil]),
            (
                "100,000 headers",
                Array(("GET /api/v2/ HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 100_000) + "\r\n").utf8),
                [431, 400, nil]
            ),
        ]
        for (label, bytes, allowed) in cases {
            let status = try Self.status(server, sending: bytes)
            #expect(allowed.contains(status), "\(label): \(status.map(String.init) ?? "closed")")
            try Self.expectPrompt(server, label)
        }
        #expect(try Self.peakMemory(server) < 64 << 20)
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }

    @Test("bytes outside ASCII in a path or a query are read, and logged, percent-encoded as sent: no U+FFFD")
    func rawBytesInAPath() throws {
        let server = try ServeProcess(database: source.path, [])
        let head =
            Array("GET /api/v2/pokemon/x".utf8) + [0xE9, 0xC3, 0xA9] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        // `%E9` decodes to no UTF-8: a malformed path.
        #expect(try Self.status(server, sending: head) == 400)
        // In a query too: an unknown parameter, the list answered.
        let query = Array("GET /api/v2/pokemon/?limit=1&x=".utf8) + [0xE9] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        #expect(try Self.status(server, sending: query) == 200)
        #expect(server.stop() == 0)
        #expect(server.stderr.contains("limit=1&x=%E9\" 200"), "\(server.stderr.suffix(2_000))")
        #expect(server.stderr.contains("/api/v2/pokemon/x%E9%C3%A9\" 400"), "\(server.stderr.suffix(2_000))")
        #expect(!server.stderr.contains("%EF%BF%BD"), "\(server.stderr.suffix(2_000))")
    }

    @Test("an HTTP/1.1 request without Host: one 400 answer, as every other, then the connection closed")
    func missingHost() throws {
        let server = try ServeProcess(database: source.path)
        let client = try RawHTTP(port: server.port, timeout: 5)
        client.send("GET /api/v2/ HTTP/1.1\r\n\r\n")
        let answer = try client.response()
        #expect(answer.status == 400)
        #expect(answer.header("Access-Control-Allow-Origin") == "*", "\(answer.headers)")
        #expect(answer.text.contains("Host"), "\(answer.text)")
        #expect(!client.awaitsAnswer(), "nothing more is written: no second response head")
        // HTTP/1.0 needs none.
        let plain = try RawHTTP(port: server.port, timeout: 5)
        plain.send("GET /api/v2/ HTTP/1.0\r\n\r\n")
        #expect(try plain.response().status == 200)
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }

    @Test("a slow-loris holds no thread, starves no one, and is cut off after --timeout")
    func slowLoris() throws {
        let server = try ServeProcess(database: source.path, ["--timeout", "2"])
        let slow = try (0..<30).map { _ in try RawHTTP(port: server.port, timeout: 8) }
        let started = Date()
        var cut = Set<Int>()
        // A byte of the request's head every 200 ms: never silent long enough for an idle timeout.
        let head = Array("GET /api/v2/pokemon/1 HTTP/1.1\r\nX-Slow: ".utf8) + [UInt8](repeating: 97, count: 200)
        for index in head.indices where Date().timeIntervalSince(started) < 6 {
            for (number, client) in slow.enumerated() where !cut.contains(number) {
                if !client.send([head[index]]) { cut.insert(number) }
            }
            if index % 5 == 0 { try Self.expectPrompt(server, within: 1, "during the slow-loris") }
            usleep(200_000)
        }
        for (number, client) in slow.enumerated() where !cut.contains(number) {
            #expect(client.isClosedByPeer(), "slow connection \(number) still open")
        }
        #expect(Date().timeIntervalSince(started) < 12)
        try Self.expectPrompt(server, "after the slow-loris")
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }

    @Test("clients hanging up halfway through a request's head free their connections at once, not at --timeout")
    func hungUpHalfway() throws {
        let server = try ServeProcess(
            database: source.path, ["--max-connections", "4", "--timeout", "30"], global: ["-q"])
        for _ in 0..<8 {
            let client = try RawHTTP(port: server.port, timeout: 5)
            client.send("GET /api/v2/pokemon/25 HTTP/1.1\r\nHost: x\r\n")
            // Closed as it goes out of scope: an end of stream right after the head's first lines.
        }
        usleep(1_500_000)
        try Self.expectPrompt(server, within: 5, "after 8 clients hung up halfway")
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }

    @Test("past --max-connections, the connections opened first are served and the newest refused")
    func connectionsPastTheLimit() throws {
        let server = try ServeProcess(database: source.path, ["--max-connections", "8"], global: ["-q"])
        var clients: [RawHTTP] = []
        for _ in 0..<12 {
            let client = try RawHTTP(port: server.port, timeout: 10)
            // A preflight is answered whatever the limit: once it is, the server holds this
            // connection, so they open in this order.
            try #require(try client.request("/api/v2/pokemon/1", method: "OPTIONS").status == 204)
            clients.append(client)
        }
        // Asked oldest first: a limit on connections open when a request comes would refuse
        // the first ones asking, which opened first.
        let statuses = clients.map { (try? $0.request("/api/v2/pokemon/1").status) ?? 0 }
        #expect(statuses == Array(repeating: 200, count: 8) + Array(repeating: 503, count: 4), "\(statuses)")
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }

    @Test("a 10,000-connection burst: answers or clean 503s or closes, others still served, memory bounded")
    func burst() throws {
        let server = try ServeProcess(database: source.path, ["--max-connections", "64"])
        // The test process is shared with other suites: their descriptors stay within the hard
        // limit too, and a socket refused for want of one counts as a connection not made.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let wanted = min(10_000, Int(limit.rlim_max) / 2)
        // Connected before the burst, so that it needs no descriptor during it.
        let probe = try RawHTTP(port: server.port, timeout: 10)
        let started = Date()
        var clients: [RawHTTP] = []
        var refused = 0
        for _ in 0..<wanted where Date().timeIntervalSince(started) < 60 {
            guard let client = try? RawHTTP(port: server.port, timeout: 10) else {
                refused += 1
                continue
            }
            client.send("GET /api/v2/ HTTP/1.1\r\nHost: x\r\n\r\n")
            clients.append(client)
        }
        let during = Date()
        let answer = try probe.request("/api/v2/pokemon/25")
        #expect(answer.status == 200 || answer.status == 503, "during the burst: \(answer.status)")
        #expect(Date().timeIntervalSince(during) < 10)
        var statuses: [Int: Int] = [:]
        var closed = 0
        for client in clients where Date().timeIntervalSince(started) < 120 {
            if let status = try? client.response().status { statuses[status, default: 0] += 1 } else { closed += 1 }
        }
        #expect(Set(statuses.keys).isSubset(of: [200, 503]), "\(statuses)")
        #expect((statuses[200] ?? 0) > 0 && statuses.values.reduce(0, +) + closed + refused == wanted)
        clients.removeAll()
        try Self.expectPrompt(server, "after the burst")
        let peak = try Self.peakMemory(server)
        #expect(peak < 64 << 20, "\(peak) bytes")
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }

    @Test("pipelined floods: 200,000 requests written without reading answers: cut off, memory bounded")
    func pipelinedFlood() throws {
        let server = try ServeProcess(database: source.path, ["--timeout", "3"], global: ["-q"])
        let flood = (0..<200_000).map { "GET /api/v2/pokemon/\($0 % 50 + 1) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        let greedy = try (0..<4).map { _ in try RawHTTP(port: server.port, timeout: 2) }
        let writers = DispatchGroup()
        for client in greedy {
            writers.enter()
            // A thread of its own: the send blocks until the server cuts it off.
            Thread.detachNewThread {
                client.send(flood)
                writers.leave()
            }
        }
        try Self.expectPrompt(server, within: 3, "during the flood")
        // The server stops reading once its answers fill the socket, and closes the connection
        // when they stay unread past the timeout: each writer's send then fails.
        #expect(writers.wait(timeout: .now() + 30) == .success)
        let peak = try Self.peakMemory(server)
        #expect(peak < 64 << 20, "\(peak) bytes")
        for client in greedy { shutdown(client.descriptor, Int32(SHUT_RDWR)) }
        try Self.expectPrompt(server, "after the flood")
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }
}
