import BodyCoding
import HTTPServer
import JSONOutput

/// How GitHub's answers are shaped: JSON items and lists with GitHub's media type, and its
/// error bodies.
enum GitHubAnswers {
    static let headers: [(name: String, value: String)] = [
        ("Cache-Control", "no-cache"), ("X-GitHub-Media-Type", "github.v3; format=json"),
    ]

    /// One stored item, sent as stored (compressed, to a client that accepts deflate).
    static func item(_ body: StoredBody, request: ServerRequest) -> ServerResponse {
        var fingerprint = Fingerprint()
        fingerprint.add(body)
        return ServerResponse.current(
            etag: fingerprint.entityTag, for: request, contentType: PokeAPIRoutes.json, headers: headers
        ) { .stored(body) }
    }

    /// A JSON array of stored items, with its `Link` header.
    static func list(_ items: [StoredBody], link: String?, request: ServerRequest) throws -> ServerResponse {
        var fingerprint = Fingerprint()
        for item in items { fingerprint.add(item) }
        fingerprint.add(link ?? "")
        return try ServerResponse.current(
            etag: fingerprint.entityTag, for: request, contentType: PokeAPIRoutes.json,
            headers: headers + (link.map { [("Link", $0)] } ?? [])
        ) {
            // Each item decoded straight into the buffer the server sends from.
            let sizes = try items.map { try $0.checkedDecodedSize() }
            return .written(room: sizes.reduce(2 + max(0, items.count - 1), +)) { buffer in
                var written = 0
                func put(_ byte: UInt8) {
                    buffer[written] = byte
                    written += 1
                }
                put(UInt8(ascii: "["))
                for (index, (item, size)) in zip(items, sizes).enumerated() {
                    if index > 0 { put(UInt8(ascii: ",")) }
                    try item.decode(into: UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + size)]))
                    written += size
                }
                put(UInt8(ascii: "]"))
                return written
            }
        }
    }

    static let notFound = error(404, "Not Found")

    static func error(_ status: Int, _ message: String, extra: [(String, JSONValue)] = []) -> ServerResponse {
        let body = JSONValue.object(
            [("message", .string(message))] + extra + [
                ("documentation_url", .string("https://docs.github.com/rest")), ("status", .string(String(status))),
            ])
        return ServerResponse(
            status: status, contentType: PokeAPIRoutes.json, headers: headers, bytes: body.compactBytes())
    }

    static func validationFailed(_ resource: String, fields: [String]) -> ServerResponse {
        let errors = fields.map { field in
            JSONValue.object([("resource", .string(resource)), ("code", .string("invalid")), ("field", .string(field))])
        }
        return error(422, "Validation Failed", extra: [("errors", .array(errors))])
    }

    /// What every answer says of the rate limit, in GitHub's headers: the numbers of
    /// `/rate_limit`, a full allowance that nothing uses up, so a client that paces itself
    /// by them (Octokit's throttling) never waits.
    static func rateLimitHeaders(now: Int) -> [(name: String, value: String)] {
        [
            ("X-RateLimit-Limit", String(allowance)), ("X-RateLimit-Remaining", String(allowance)),
            ("X-RateLimit-Reset", String(now + 3600)), ("X-RateLimit-Used", "0"), ("X-RateLimit-Resource", "core"),
        ]
    }

    /// GitHub's hourly allowance for a token.
    static let allowance = 5000

    /// `/rate_limit`: this server limits nothing, and says so in GitHub's shape.
    static func rateLimit(now: Int, request: ServerRequest) -> ServerResponse {
        let core = JSONValue.object([
            ("limit", .int(allowance)), ("used", .int(0)), ("remaining", .int(allowance)), ("reset", .int(now + 3600)),
        ])
        let body = JSONValue.object([("resources", .object([("core", core)])), ("rate", core)])
        return GeneratedJSON.answer(body.compactBytes(), request: request, headers: headers)
    }
}
