import BodyCoding
import HTTPServer
import JSONOutput

/// How GitHub's answers are shaped: JSON items and lists with GitHub's media type, and its
/// error bodies.
enum GitHubAnswers {
    static let headers: [(name: String, value: String)] = [
        ("Cache-Control", "no-cache"), ("X-GitHub-Media-Type", "github.v3; format=json"),
    ]

    /// A stored item and how its API links move to this server.
    struct Item {
        let body: StoredBody
        let links: LinkRewriter
        /// Its entity tag: the stored form's and the rewrite's.
        let tag: String

        init(_ body: StoredBody, links: LinkRewriter) {
            self.body = body
            self.links = links
            var fingerprint = Fingerprint()
            fingerprint.add(body)
            fingerprint.add(links)
            tag = fingerprint.entityTag
        }
    }

    /// One stored item, its links moved: sent as stored (compressed, to a client that accepts
    /// deflate) when none moves.
    static func item(_ item: Item, request: ServerRequest) throws -> ServerResponse {
        try ServerResponse.current(
            etag: item.tag, for: request, contentType: PokeAPIRoutes.json, headers: headers
        ) { item.links.isIdentity ? .stored(item.body) : .identity(try item.links.rewritten(item.body)) }
    }

    /// A JSON array of stored items, their links moved (where they are kept in `matches`), with
    /// its `Link` header.
    static func list(_ items: [Item], link: String?, matches: MatchCache, request: ServerRequest) throws
        -> ServerResponse
    {
        var fingerprint = Fingerprint()
        for item in items { fingerprint.add(item.tag) }
        fingerprint.add(link ?? "")
        return try ServerResponse.current(
            etag: fingerprint.entityTag, for: request, contentType: PokeAPIRoutes.json,
            headers: headers + (link.map { [("Link", $0)] } ?? [])
        ) {
            guard items.allSatisfy(\.links.isIdentity) else { return try rewrittenArray(items, matches: matches) }
            let items = items.map(\.body)
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

    /// Each item decoded straight into the buffer the server sends from and rewritten there in
    /// place, its links found once and kept (a page's hundred items took a quarter longer when
    /// they were found on every request): its layout's slack is the next item's start.
    private static func rewrittenArray(_ items: [Item], matches cache: MatchCache) throws -> ResponseBody {
        let matches = try items.map { item in
            if let kept = cache.matches(item.tag) { return kept }
            let found = item.links.matches(in: try item.body.decoded())
            cache.keep(found, for: item.tag)
            return found
        }
        let layouts = try zip(items, matches).map {
            try $0.links.layout(bodySize: $0.body.checkedDecodedSize(), matches: $1)
        }
        let slack = layouts.map { $0.room - $0.size }.max() ?? 0
        let room = layouts.reduce(2 + max(0, items.count - 1) + slack) { $0 + $1.size }
        return .written(room: room) { buffer in
            var written = 0
            func put(_ byte: UInt8) {
                buffer[written] = byte
                written += 1
            }
            put(UInt8(ascii: "["))
            for index in items.indices {
                if index > 0 { put(UInt8(ascii: ",")) }
                let layout = layouts[index]
                let itemRoom = UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + layout.room)])
                try items[index].body.decode(into: UnsafeMutableRawBufferPointer(rebasing: itemRoom[layout.offset...]))
                items[index].links.rewrite(in: itemRoom, layout, at: matches[index])
                written += layout.size
            }
            put(UInt8(ascii: "]"))
            return written
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

    /// `/api/v3/`: GitHub's index of URL templates, in its key order, for what this server
    /// answers (GitHub's also names search, gists, the signed-in user's…, which it does not).
    static func rootIndex(base: String, request: ServerRequest) -> ServerResponse {
        let templates = [
            ("organization_url", "/orgs/{org}"),
            ("organization_repositories_url", "/orgs/{org}/repos{?type,page,per_page,sort}"),
            ("rate_limit_url", "/rate_limit"),
            ("repository_url", "/repos/{owner}/{repo}"),
            ("user_url", "/users/{user}"),
            ("user_repositories_url", "/users/{user}/repos{?type,page,per_page,sort}"),
        ]
        let body = JSONValue.object(templates.map { key, path in (key, .string(base + path)) })
        return GeneratedJSON.answer(body.compactBytes(), request: request, headers: headers)
    }

    /// `/rate_limit`: this server limits nothing, and says so in GitHub's shape.
    static func rateLimit(now: Int, request: ServerRequest) -> ServerResponse {
        let core = JSONValue.object([
            ("limit", .int(allowance)), ("used", .int(0)), ("remaining", .int(allowance)), ("reset", .int(now + 3600)),
        ])
        let body = JSONValue.object([("resources", .object([("core", core)])), ("rate", core)])
        return GeneratedJSON.answer(body.compactBytes(), request: request, headers: headers)
    }
}
