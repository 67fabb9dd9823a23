import CurlTransport
import Foundation
import HTTPTypes
import PokedexSync
import Testing

/// The transport against a real HTTP/2 server over TLS on loopback (nghttpd, which speaks
/// nothing else): the protocol it agrees on, streams sharing one connection, and which
/// certificates it trusts.
@Suite(
    "libcurl transport over HTTP/2 and TLS",
    .enabled(if: NghttpdServer.isInstalled("nghttpd"), "nghttpd is not installed (Debian: nghttp2-server)"),
    .enabled(if: NghttpdServer.isInstalled("openssl"), "openssl is not installed"),
    .timeLimit(.minutes(5)))
struct HTTP2Tests {
    static func transport(trust: TLSTrust, maximumConnectionsPerHost: Int = 1) -> HTTPTransport {
        CurlTransport.transport(
            maximumConnectionsPerHost: maximumConnectionsPerHost, timeout: .seconds(5), deadline: .seconds(20),
            trust: trust)
    }

    static func request(_ server: NghttpdServer, _ path: String) -> HTTPRequest {
        HTTPRequest(url: URL(string: server.baseURL + path)!, headers: [:], maximumBodyBytes: 1 << 20)
    }

    @Test("with the server's certificate as the CA bundle, a request succeeds over HTTP/2")
    func trustedBundle() async throws {
        let body = Data("{\"name\":\"pikachu\"}".utf8)
        let server = try NghttpdServer(files: ["pikachu.json": body])
        let response = try await Self.transport(trust: TLSTrust(caBundle: server.certificate))(
            Self.request(server, "/pikachu.json"))
        #expect(response.status == 200 && response.body == body)
        #expect(response.header("content-length") == String(body.count))
        let handshakes = try server.handshakes()
        let log = try server.log()
        #expect(handshakes.completed == 1 && handshakes.h2 == 1, "\(log)")
        #expect(Array(try server.pathsBySession().values) == [["/pikachu.json"]])
    }

    @Test("a CA directory (CURLOPT_CAPATH) holding the certificate is trusted too")
    func trustedDirectory() async throws {
        let server = try NghttpdServer(files: ["a.txt": Data("a".utf8)])
        let trust = TLSTrust(caBundle: nil, caDirectory: try server.certificateDirectory())
        let response = try await Self.transport(trust: trust)(Self.request(server, "/a.txt"))
        #expect(response.status == 200 && response.body == Data("a".utf8))
    }

    /// With more connections allowed, a request still waits for the first connection to turn
    /// out multiplexing (CURLOPT_PIPEWAIT) rather than opening one of its own.
    @Test(
        "20 concurrent requests all succeed as streams of one TLS session, however many connections are allowed",
        arguments: [1, 4])
    func streamsShareOneConnection(maximumConnectionsPerHost: Int) async throws {
        let names = (0..<20).map { "entry-\($0).json" }
        // 200 KB, as large detail bodies are: each answer spans many DATA frames.
        let body = { (name: String) in String(repeating: name + "\n", count: 200_000 / (name.count + 1)) }
        let server = try NghttpdServer(
            files: Dictionary(uniqueKeysWithValues: names.map { ($0, Data(body($0).utf8)) }))
        let transport = Self.transport(
            trust: TLSTrust(caBundle: server.certificate), maximumConnectionsPerHost: maximumConnectionsPerHost)
        let outcomes = await withTaskGroup(of: (String, Result<String, any Error>).self) { group in
            for name in names {
                let request = Self.request(server, "/" + name)
                group.addTask {
                    do {
                        return (name, .success(String(decoding: try await transport(request).body, as: UTF8.self)))
                    } catch {
                        return (name, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.count == names.count)
        for (name, outcome) in outcomes {
            switch outcome {
            case .success(let received): #expect(received == body(name), "\(name)")
            case .failure(let error):
                // Seen in about one run in ten on a loaded machine (libcurl 7.88.1): nghttpd has
                // sent a stream's last DATA frame, END_STREAM set, yet the transfer gets nothing
                // more and ends at the idle timeout. Known, not hidden: any other failure fails.
                try withKnownIssue("an HTTP/2 stream stalls after its last frame arrived", isIntermittent: true) {
                    throw error
                } matching: { issue in
                    guard case .unreachable(_, let reason) = issue.error as? FetchError else { return false }
                    return reason == "timed out"
                }
            }
        }
        let sessions = try server.pathsBySession()
        #expect(sessions.count == 1, "\(sessions)")
        #expect(sessions.values.first.map(Set.init) == Set(names.map { "/" + $0 }))
        #expect(try server.handshakes().completed == 1)
    }

    @Test("without a CA bundle the system's store is used, which does not trust the test certificate")
    func systemStoreRefuses() async throws {
        let server = try NghttpdServer(files: ["a.txt": Data("a".utf8)])
        let request = Self.request(server, "/a.txt")
        let error = try await #require(throws: FetchError.self) {
            _ = try await Self.transport(trust: .system)(request)
        }
        guard case .unreachable(let url, let reason) = error else {
            Issue.record("not an unreachable server: \(error)")
            return
        }
        #expect(url == request.url.absoluteString)
        #expect(reason.contains("certificate"), "\(reason)")
        #expect(error.description.contains(request.url.absoluteString))
        #expect(try server.pathsBySession().isEmpty)
    }

    @Test(
        "a CA bundle that cannot be loaded fails the request with a one-line error naming the file",
        arguments: ["absent.pem", "not-a-certificate.pem"])
    func unloadableBundle(name: String) async throws {
        let server = try NghttpdServer(files: ["a.txt": Data("a".utf8)])
        let bundle = server.directory.file(name)
        if name == "not-a-certificate.pem" { try Data("pikachu\n".utf8).write(to: URL(fileURLWithPath: bundle)) }
        let request = Self.request(server, "/a.txt")
        let error = try await #require(throws: FetchError.self) {
            _ = try await Self.transport(trust: TLSTrust(caBundle: bundle))(request)
        }
        #expect(
            error
                == .unreachable(
                    url: request.url.absoluteString,
                    reason: "cannot load the CA bundle \(bundle): no such file, or no PEM certificates in it"))
        #expect(!error.description.contains("\n"))
    }
}
