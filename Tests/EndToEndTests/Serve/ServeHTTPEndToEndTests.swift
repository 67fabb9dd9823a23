import Foundation
import LoopbackHTTP
import SQLiteDatabase
import TestSupport
import Testing

/// `pokedex serve`'s HTTP: conditional requests, content codings decoded by curl, methods,
/// CORS, keep-alive and pipelining, the access log, the token, signals and start-up errors.
@Suite("pokedex serve: HTTP end to end", .serialized)
struct ServeHTTPEndToEndTests {
    let source: ServedDatabase
    let server: ServeProcess

    init() throws {
        source = try ServedDatabase.shared.get()
        server = try ServeProcess(database: source.path)
    }

    @Test(
        "every 200 has an ETag, and If-None-Match gets a bodiless 304 with it",
        arguments: [
            "/api/v2/pokemon/25/", "/api/v2/pokemon?limit=5", "/api/v2/", "/api/v2/type/fire",
            "/media/pokemon/1/sprite.png", "/api/v3/repos/octo-org/hello", "/api/v3/repos/octo-org/hello/issues",
            "/api/v3/repos/octo-org/hello/issues/comments",
        ])
    func conditional(path: String) throws {
        let client = try RawHTTP(port: server.port)
        let first = try client.request(path)
        let etag = try #require(first.header("ETag"), "\(path)")
        #expect(first.status == 200 && !first.body.isEmpty)
        for candidate in [etag, "\"other\", \(etag)", etag.replacingOccurrences(of: "W/", with: ""), "*"] {
            let again = try client.request(path, headers: ["If-None-Match": candidate])
            #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == etag, "\(candidate)")
        }
        #expect(try client.request(path, headers: ["If-None-Match": "W/\"stale\""]).status == 200)
    }

    /// curl's decoding of what it was sent, the header it saw, and the bytes on the wire.
    func curl(_ path: String, _ arguments: [String]) throws -> (body: [UInt8], encoding: String?, wire: Int) {
        let headers = source.directory.file("headers.txt"), body = source.directory.file("body")
        let result = try PokedexProcess.run(
            ["-s", "-D", headers, "-o", body, "-w", "%{size_download}"] + arguments + [server.url + path],
            executable: "/usr/bin/curl")
        let head = try String(contentsOfFile: headers, encoding: .utf8)
        let encoding = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-encoding:") }
        return (
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: body))),
            encoding.map { $0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces) }, Int(result.stdout) ?? 0
        )
    }

    @Test(
        "gzip and deflate, as curl decodes them, give the identity body in fewer bytes",
        arguments: ["/api/v2/pokemon/6/", "/api/v2/pokemon?limit=50", "/api/v3/repos/octo-org/hello/issues?state=all"])
    func compression(path: String) throws {
        let plain = try curl(path, [])
        #expect(plain.encoding == nil && plain.body.count > 1024)
        for (coding, expected) in [("gzip", "gzip"), ("deflate", "deflate"), ("gzip, deflate", nil)] {
            let packed = try curl(path, ["-H", "Accept-Encoding: \(coding)", "--compressed"])
            #expect(packed.body == plain.body, "\(coding)")
            #expect(packed.wire < plain.body.count / 2, "\(coding): \(packed.wire) bytes")
            if let expected { #expect(packed.encoding == expected) } else { #expect(packed.encoding != nil) }
        }
        // A stored item needing no rewrite goes out in its stored zlib form.
        let item = try curl("/api/v3/repos/octo-org/hello", ["-H", "Accept-Encoding: deflate", "--compressed"])
        #expect(item.encoding == "deflate")
    }

    @Test("HEAD, OPTIONS and CORS for browsers; other methods 405; bodies 413; 404 and 400 as pokeapi.co")
    func methodsAndStatuses() throws {
        let client = try RawHTTP(port: server.port)
        let get = try client.request("/api/v2/pokemon/1")
        let head = try client.request("/api/v2/pokemon/1", method: "HEAD")
        #expect(head.status == 200 && head.header("Content-Length") == String(get.body.count))
        #expect(get.header("Access-Control-Allow-Origin") == "*" && get.header("Vary") == "Accept-Encoding")
        let preflight = try client.request(
            "/api/v3/repos/octo-org/hello", method: "OPTIONS",
            headers: ["Origin": "http://app.example", "Access-Control-Request-Headers": "authorization"])
        #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Origin") == "*")
        #expect(preflight.header("Access-Control-Allow-Headers")?.contains("Authorization") == true)
        for (path, status, text) in [
            ("/api/v2/pokemon/missingno", 404, "Not Found"), ("/api/v2/pokemon/025", 404, "Not Found"),
            ("/api/v2/move/1", 404, "Not Found"), ("/api/v2/pokeman/1", 400, "Bad Request"),
            ("/api/v2/pokemon/pika%00chu", 400, "Bad Request"), ("/api/v2/pokemon/1/moves", 400, "Bad Request"),
            ("/api/v2/pokemon/missingno/encounters", 404, "Not Found"), ("/api/v2/pokemon/1/encounters", 200, "[]"),
            ("/api/v2/pokemon/a.b", 400, "Bad Request"),
            ("/elsewhere", 404, "Not Found"),
        ] {
            let answer = try client.request(path)
            #expect(answer.status == status && answer.text == text, "\(path): \(answer.status) \(answer.text)")
        }
        #expect(try client.request("/api/v2/POKEMON/PIKACHU").status == 400)
        #expect(try client.request("/api/v2/pokemon/PIKACHU").status == 200)
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let refused = try RawHTTP(port: server.port)
            #expect(try refused.request("/api/v2/pokemon/1", method: method).status == 405, "\(method)")
        }
        let body = try RawHTTP(port: server.port)
        body.send("GET /api/v2/pokemon/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        #expect(try body.response().status == 413)
        let chunked = try RawHTTP(port: server.port)
        chunked.send("GET /api/v2/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        #expect(try chunked.response().status == 413)
    }

    @Test("a damaged stored body is a one-line 500, asked once or again; the rest is served")
    func damagedBodies() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.file("damaged.sqlite")
        try Database(path: source.path, mode: .readOnly).execute("VACUUM INTO '\(copy)'")
        do {
            let damaged = try Database(path: copy)
            // Pokémon 1 links stored images; 13 links none. Cut short, and a size no stream reaches.
            try damaged.execute(
                "UPDATE pokemon_detail_json SET body = substr(body, 1, length(body) - 10) WHERE pokemon_id = 1")
            try damaged.execute("UPDATE pokemon_detail_json SET body_size = 1 << 40 WHERE pokemon_id = 13")
            try damaged.execute(
                "UPDATE github_issue SET raw_json_size = raw_json_size + 1 WHERE number = 1 AND raw_json_encoding = 'zlib'"
            )
            // A stream that stops after its header: what a client accepting deflate got as it was.
            try damaged.execute(
                "UPDATE github_issue SET raw_json = X'78DA0102', raw_json_encoding = 'zlib' WHERE number = 5")
        }
        let server = try ServeProcess(database: copy, global: ["-q"])
        let client = try RawHTTP(port: server.port)
        for path in [
            "/api/v2/pokemon/1", "/api/v2/pokemon/13", "/api/v3/repos/octo-org/hello/issues/1",
            "/api/v3/repos/octo-org/hello/issues?state=all&per_page=100", "/api/v3/repos/octo-org/hello/issues/5",
        ] {
            for encoding in ["identity", "gzip", "deflate", "identity"] {
                let answer = try client.request(path, headers: ["Accept-Encoding": encoding])
                // GitHub's JSON under /api/v3, as GitHub's errors are.
                #expect(
                    answer.status == 500
                        && answer.text.contains("\"Internal Server Error\"") == path.hasPrefix("/api/v3")
                        && answer.text.contains("Internal Server Error"),
                    "\(path), \(encoding): \(answer.status) \(answer.text)")
            }
        }
        for path in ["/api/v2/pokemon/2", "/api/v2/pokemon/14", "/api/v3/repos/octo-org/hello/issues/2"] {
            #expect(try client.request(path).status == 200, "\(path)")
        }
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
        // Each failure's cause on standard error (-q: no access log), a line each.
        let causes = server.stderr.split(separator: "\n").filter { $0.hasPrefix("pokedex serve: GET /") }
        #expect(causes.count == 20, "\(server.stderr)")
    }

    @Test("one keep-alive connection answers 2,000 requests, pipelined 200 at a time, in order")
    func keepAliveAndPipelining() throws {
        let client = try RawHTTP(port: server.port)
        let ids = source.api.catalog.map(\.id)
        for round in 0..<10 {
            let batch = (0..<200).map { ids[(round * 200 + $0) % ids.count] }
            client.send(batch.map { "GET /api/v2/pokemon/\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
            for id in batch {
                let answer = try client.response()
                #expect(answer.status == 200)
                let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
                #expect(object?["id"] as? Int == id)
            }
        }
        #expect(server.accessLog { $0.count >= 2_000 })
    }

    @Test("a request in flight at SIGTERM gets its whole answer, read after the signal; then exit 0")
    func drainsOnStop() throws {
        let server = try ServeProcess(database: source.path, global: ["-q"])
        let page = "/api/v3/repos/octo-org/hello/issues/comments?per_page=100"
        let expected = try RawHTTP(port: server.port).request(page).body
        // A small window: the answer (≈ 140 KB) is still on its way when the signal comes.
        let reader = try RawHTTP(port: server.port, timeout: 20, receiveBuffer: 2048)
        reader.send("GET \(page) HTTP/1.1\r\nHost: x\r\n\r\n")
        // In flight, not merely sent: a connection still queued to be accepted is not the
        // server's yet, and a loaded machine can leave it there for a while.
        #expect(reader.awaitsAnswer())
        kill(server.process.processIdentifier, SIGTERM)
        usleep(500_000)
        let answer = try reader.response()
        #expect(answer.status == 200 && answer.body == expected)
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")
    }

    @Test("the token: every request needs it (compared whole, a CRLF file's too), preflights excepted; never logged")
    func token() throws {
        let secret = "s3cret-\(UUID().uuidString)"
        let file = source.directory.file("token"), crlf = source.directory.file("token-crlf")
        try (secret + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        // As `printf 'TOKEN\r\n'` or a Windows editor saves it.
        try (secret + " \r\n").write(toFile: crlf, atomically: true, encoding: .utf8)
        for guarded in [
            try ServeProcess(database: source.path, ["--token-file", file]),
            try ServeProcess(database: source.path, ["--token-file", crlf]),
            try ServeProcess(database: source.path, environment: ["POKEDEX_SERVE_TOKEN": secret]),
            // As `POKEDEX_SERVE_TOKEN="$(cat file)"` keeps a CRLF file's CR, and a space typed before.
            try ServeProcess(database: source.path, environment: ["POKEDEX_SERVE_TOKEN": " " + secret + "\r"]),
        ] {
            let client = try RawHTTP(port: guarded.port)
            #expect(try client.request("/api/v2/pokemon/1").status == 401)
            for wrong in ["Bearer \(secret)x", "Bearer \(secret.dropLast())", "Basic \(secret)", "Bearer"] {
                #expect(try client.request("/api/v2/pokemon/1", headers: ["Authorization": wrong]).status == 401)
            }
            #expect(
                try client.request("/api/v2/pokemon/1", headers: ["Authorization": "Bearer \(secret)"]).status == 200)
            for scheme in ["bearer", "BEARER", "token", "Token"] {
                let answer = try client.request("/api/v2/pokemon/1", headers: ["Authorization": "\(scheme) \(secret)"])
                #expect(answer.status == 200, "\(scheme)")
            }
            #expect(try client.request("/api/v2/pokemon/1", method: "OPTIONS").status == 204)
            #expect(guarded.stop() == 0)
            #expect(!guarded.stderr.contains(secret))
        }
    }

    @Test("stderr: the URL first, a line per request, -q none; SIGINT and SIGTERM exit 0; a port in use exits 69")
    func lifecycle() throws {
        let client = try RawHTTP(port: server.port)
        _ = try client.request("/api/v2/pokemon/1?x=%0A")
        #expect(server.accessLog { $0.contains { $0.contains("\"GET /api/v2/pokemon/1?x=%0A\" 200") } })
        let quiet = try ServeProcess(database: source.path, global: ["-q"])
        _ = try RawHTTP(port: quiet.port).request("/api/v2/")
        #expect(quiet.stop(signal: SIGINT) == 0)
        #expect(quiet.stderr == quiet.url + "\n", "\(quiet.stderr)")
        #expect(server.stop() == 0, "\(server.stderr.suffix(2_000))")

        let holder = try ServeProcess(database: source.path)
        let clash = try PokedexProcess.run(["--db", source.path, "serve", "--port", String(holder.port)])
        #expect(clash.status == 69 && clash.errors.count == 1, "\(clash.stderr)")
        #expect(clash.errors.first?.contains("in use") == true)
        let wide = try ServeProcess(database: source.path, ["--host", "0.0.0.0"])
        #expect(wide.stderr.contains("reachable from other machines"), "\(wide.stderr)")
        let missing = try PokedexProcess.run(["--db", source.directory.file("none.sqlite"), "serve", "--port", "0"])
        #expect(missing.status == 66, "\(missing.stderr)")
    }

    @Test(
        "--host :: answers IPv4 clients too; --host ::ffff:127.0.0.1 listens on IPv4's loopback, said as such",
        .enabled(if: IPv6EndToEndTests.hasIPv6Loopback, "this machine has no IPv6 loopback (::1)"))
    func dualStack() throws {
        let every = try ServeProcess(database: source.path, ["--host", "::"])
        #expect(every.url.hasPrefix("http://[::]:"), "\(every.url)")
        #expect(try RawHTTP(port: every.port).request("/api/v2/").status == 200, "over IPv4")
        let overIPv6 = try PokedexProcess.run(
            ["-s", "-g", "-o", "/dev/null", "-w", "%{http_code}", "http://[::1]:\(every.port)/api/v2/"],
            executable: "/usr/bin/curl")
        #expect(overIPv6.stdout == "200", "over IPv6: \(overIPv6.stdout) \(overIPv6.stderr)")
        #expect(every.stop() == 0, "\(every.stderr.suffix(2_000))")
        let mapped = try ServeProcess(database: source.path, ["--host", "::ffff:127.0.0.1"])
        #expect(try RawHTTP(port: mapped.port).request("/api/v2/").status == 200)
        #expect(mapped.stop() == 0, "\(mapped.stderr.suffix(2_000))")
        #expect(!mapped.stderr.contains("reachable from other machines"), "\(mapped.stderr)")
    }

    @Test("a token file that cannot be read or used says why; the notices on stderr stay within 80 columns")
    func startUpMessages() throws {
        let empty = source.directory.file("empty-token")
        try "\r\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let control = source.directory.file("control-token")
        try "half\u{1B}[2Jhalf\n".write(toFile: control, atomically: true, encoding: .utf8)
        for (file, reason) in [
            (source.directory.path, ": is a directory"), (source.directory.file("nope"), ": no such file"),
            (empty, "'s first line is empty"), (control, "'s first line holds a control character"),
        ] {
            let refused = try PokedexProcess.run(["--db", source.path, "serve", "--port", "0", "--token-file", file])
            #expect(refused.status == 64 && refused.errors.count == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains("token file \(file)\(reason)"), "\(refused.stderr)")
        }
        let wide = try ServeProcess(database: source.path, ["--host", "0.0.0.0"])
        #expect(wide.stop() == 0, "\(wide.stderr.suffix(2_000))")
        let lines = wide.stderr.split(separator: "\n")
        #expect(lines.count == 4 && lines[2].contains("no token"), "\(wide.stderr)")
        // The links' line ends in this machine's name, which may be long.
        #expect(lines.filter { !$0.contains("links point at") }.allSatisfy { $0.count <= 80 }, "\(wide.stderr)")
        #expect(!wide.stderr.contains("private"), "\(wide.stderr)")
        for (token, warned) in [(nil, true), ("s3cret", false)] as [(String?, Bool)] {
            let open = try ServeProcess(
                database: source.path, ["--host", "0.0.0.0", "--include-private"],
                environment: token.map { ["POKEDEX_SERVE_TOKEN": $0] } ?? [:])
            #expect(open.stop() == 0, "\(open.stderr.suffix(2_000))")
            #expect(
                open.stderr.contains("private repositories are served to anyone who connects") == warned,
                "\(open.stderr)")
        }
    }
}
