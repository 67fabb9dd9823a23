import BodyCoding

/// What a handler answers: a status, headers, and a body the server encodes as the client
/// accepts (``ContentNegotiation``).
public struct ServerResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    /// The body, in the form the handler has it.
    public var body: ResponseBody
    /// Whether a client's `Accept-Encoding` may compress it (not PNGs: they are compressed).
    public var isCompressible: Bool

    public init(
        status: Int, contentType: String?, headers: [(name: String, value: String)] = [], body: ResponseBody,
        isCompressible: Bool = true
    ) {
        self.status = status
        self.headers = (contentType.map { [("Content-Type", $0)] } ?? []) + headers
        self.body = body
        self.isCompressible = isCompressible
    }

    /// A body as it is.
    public init(
        status: Int, contentType: String?, headers: [(name: String, value: String)] = [], bytes: [UInt8],
        isCompressible: Bool = true
    ) {
        self.init(
            status: status, contentType: contentType, headers: headers, body: .identity(bytes),
            isCompressible: isCompressible)
    }

    /// A short text answer (`Not Found`).
    public static func text(_ status: Int, _ text: String, headers: [(name: String, value: String)] = [])
        -> ServerResponse
    {
        ServerResponse(
            status: status, contentType: "text/plain; charset=utf-8", headers: headers, bytes: Array(text.utf8))
    }

    /// 200 with `etag`, or 304 when the request's `If-None-Match` names it: `body` is made only
    /// for a 200. `headers` go on both, as a 304 must repeat what a 200 would have said of
    /// caching.
    public static func current(
        etag: String, for request: ServerRequest, contentType: String, headers: [(name: String, value: String)],
        isCompressible: Bool = true, body: () throws -> ResponseBody
    ) rethrows -> ServerResponse {
        let tagged = [("ETag", etag)] + headers
        if EntityTags.matches(request.header("If-None-Match"), etag) {
            return ServerResponse(status: 304, contentType: nil, headers: tagged, bytes: [])
        }
        return ServerResponse(
            status: 200, contentType: contentType, headers: tagged, body: try body(), isCompressible: isCompressible)
    }

    /// The value of a header the handler set, if any.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension StoredBody {
    /// Bytes kept as they are.
    public static func identity(_ bytes: [UInt8]) -> StoredBody {
        // Identity bodies are consistent by construction.
        try! StoredBody(bytes: bytes, encoding: .identity, decodedSize: bytes.count)
    }
}
