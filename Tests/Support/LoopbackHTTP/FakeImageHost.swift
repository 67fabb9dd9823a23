import Foundation

/// An image host like raw.githubusercontent.com on its own ``LoopbackServer`` (another origin
/// than the API): serves the images it is given by path with a strong ETag (`If-None-Match`
/// → 304), and 404 for any other path. Every request is recorded by the server.
public final class FakeImageHost: @unchecked Sendable {
    /// One path's answer.
    public struct Image: Sendable {
        public var body: [UInt8]
        public var contentType: String
        public var status: Int

        public init(body: [UInt8], contentType: String = "image/png", status: Int = 200) {
            self.body = body
            self.contentType = contentType
            self.status = status
        }
    }

    public let server: LoopbackServer
    private let images: Images

    public init() throws {
        let images = Images()
        server = try LoopbackServer { [images] request in images.respond(to: request) }
        self.images = images
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { server.baseURL }

    /// The URL a Pokémon's body gives for an image at `path` (`/sprites/25.png`).
    public func url(_ path: String) -> String { baseURL + path }

    public func set(_ path: String, _ image: Image?) { images.set(path, image) }

    /// Consulted before the images; a non-nil result is served as-is.
    public var override: (@Sendable (RecordedRequest) -> ScriptedResponse?)? {
        get { images.override }
        set { images.override = newValue }
    }

    /// The strong ETag served for `body`.
    public static func etag(_ body: [UInt8]) -> String { "\"\(String(fnv1a64(body), radix: 16))\"" }

    /// Requests for `path` without `If-None-Match`: those of an image with nothing stored.
    public func unconditionalRequests(_ path: String) -> Int {
        server.requests.filter { $0.path == path && $0.header("If-None-Match") == nil }.count
    }

    private final class Images: @unchecked Sendable {
        private let lock = NSLock()
        private var byPath: [String: Image] = [:]
        private var overrideHandler: (@Sendable (RecordedRequest) -> ScriptedResponse?)?

        var override: (@Sendable (RecordedRequest) -> ScriptedResponse?)? {
            get { lock.withLock { overrideHandler } }
            set { lock.withLock { overrideHandler = newValue } }
        }

        func set(_ path: String, _ image: Image?) { lock.withLock { byPath[path] = image } }

        func respond(to request: RecordedRequest) -> ScriptedResponse {
            if let scripted = override?(request) { return scripted }
            guard let image = lock.withLock({ byPath[request.path] }) else {
                return .text("404: Not Found", status: 404, contentType: "text/plain; charset=utf-8")
            }
            let etag = FakeImageHost.etag(image.body)
            if image.status == 200, let match = request.header("If-None-Match"), ifNoneMatch(match, matches: etag) {
                return .notModified(headers: [("ETag", etag)])
            }
            return ScriptedResponse(
                status: image.status, headers: [("Content-Type", image.contentType), ("ETag", etag)],
                body: image.body)
        }
    }
}
