import Foundation
import LoopbackHTTP
import PokedexStore
import TestSupport
import Testing

@testable import HTTPTypes
@testable import PokedexSync

/// How one image's answer is judged, through a transport that answers without a network.
@Suite("Artwork sync: one image's answer")
struct ArtworkSyncTests {
    static let png = TestSprite.png(seed: 25)
    static let image = WantedImage(
        pokemonID: 25, kind: .sprite, url: "http://img.example/25.png", etag: "\"stored\"", isFresh: false)

    /// What a fetch of `image` comes to when every attempt is answered by `answer`, and how many attempts it took.
    static func fetch(
        _ image: WantedImage = image, answer: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse
    ) async -> (ArtworkSync.ImageFetch, attempts: Int) {
        let attempts = Counter()
        let client = HTTPClient(clock: SyncClock(now: { Date() }, sleep: { _ in })) { request in
            attempts.increment()
            return try answer(request)
        }
        return (await ArtworkSync.fetch(image, client: client, retry: .retries(2)), attempts.value)
    }

    static func response(_ status: Int, _ contentType: String?, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            url: URL(string: image.url)!, status: status,
            headers: contentType.map { ["Content-Type": $0, "ETag": "\"new\""] } ?? [:], body: Data(body))
    }

    @Test(
        "answers: stored, unchanged, missing, refused or failed; transient ones retried",
        arguments: [
            (200, "image/png", png, "downloaded", 1), (200, "IMAGE/PNG; charset=binary", png, "downloaded", 1),
            (304, nil, [], "unchanged", 1), (404, "text/plain", Array("404: Not Found".utf8), "missing", 1),
            (410, "text/plain", [], "missing", 1), (200, "text/html", Array("<html>".utf8), "refused", 1),
            (200, "image/png", Array("<html>".utf8), "refused", 1), (200, nil, png, "refused", 1),
            (200, "image/png", Array(png.prefix(40)), "refused", 1), (200, "image/jpeg", png, "refused", 1),
            (403, "text/plain", [], "failed", 1), (503, "text/html", [], "failed", 3), (429, nil, [], "failed", 3),
        ] as [(Int, String?, [UInt8], String, Int)])
    func answer(status: Int, contentType: String?, body: [UInt8], expected: String, attempts: Int) async {
        let (fetched, tried) = await Self.fetch { _ in Self.response(status, contentType, body) }
        #expect(Self.name(fetched) == expected)
        #expect(tried == attempts)
        if case .downloaded(let image) = fetched {
            #expect(image.body == Self.png && image.etag == "\"new\"" && image.contentType == "image/png")
        }
    }

    @Test("no answer is the host unreachable, after the retries")
    func unreachable() async {
        let (fetched, tried) = await Self.fetch { request in
            throw FetchError.unreachable(url: request.url.absoluteString, reason: "connection refused")
        }
        #expect(Self.name(fetched) == "unreachable" && tried == 3)
    }

    @Test("a body over 10 MiB is refused; the request says so, and carries no credential")
    func bound() async {
        let (fetched, _) = await Self.fetch { request in
            #expect(request.maximumBodyBytes == 10 << 20)
            #expect(request.headers["If-None-Match"] == "\"stored\"" && request.headers["Accept"] == "image/png")
            #expect(Set(request.headers.keys) == ["If-None-Match", "Accept", "Accept-Encoding", "User-Agent"])
            throw FetchError.tooLarge(url: request.url.absoluteString, limit: request.maximumBodyBytes)
        }
        #expect(Self.name(fetched) == "refused")
    }

    @Test(
        "a URL that is not http(s) is refused without a request",
        arguments: ["file:///etc/passwd", "ftp://x/1.png", "//x"])
    func notHTTP(url: String) async {
        let image = WantedImage(pokemonID: 1, kind: .shiny, url: url, etag: nil, isFresh: false)
        let (fetched, tried) = await Self.fetch(image) { _ in Self.response(200, "image/png", Self.png) }
        #expect(Self.name(fetched) == "refused" && tried == 0)
    }

    @Test("a 304 without a stored ETag is not taken for unchanged")
    func unaskedNotModified() async {
        let image = WantedImage(pokemonID: 1, kind: .sprite, url: Self.image.url, etag: nil, isFresh: false)
        let (fetched, _) = await Self.fetch(image) { _ in Self.response(304, nil, []) }
        #expect(Self.name(fetched) == "failed")
    }

    static func name(_ fetched: ArtworkSync.ImageFetch) -> String {
        switch fetched {
        case .downloaded: return "downloaded"
        case .unchanged: return "unchanged"
        case .missing: return "missing"
        case .refused: return "refused"
        case .failed: return "failed"
        case .unreachable: return "unreachable"
        case .cancelled: return "cancelled"
        }
    }
}

/// A count kept across a loopback server's threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
