import BodyCoding
import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPServer {
    /// A request's turn. libmicrohttpd calls first once the head is complete, then again until
    /// any body is read. Answering on the first call leaves the connection unusable for the next
    /// request, so GET and HEAD are answered on the second; what is refused (a method, a body)
    /// is answered at once, and the connection then closes.
    func access(
        _ connection: OpaquePointer, url: String, method: String, version: String,
        uploadSize: UnsafeMutablePointer<Int>, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let state = context.pointee.map({ Unmanaged<RequestState>.fromOpaque($0).takeUnretainedValue() })
        else {
            // Counted before the flag is read, as `stop` sets the flag before it reads the count:
            // either the stop waits for this request or this request sees the stop.
            inFlight.add(1, ordering: .sequentiallyConsistent)
            let stopping = isDraining.load(ordering: .sequentiallyConsistent)
            if stopping { inFlight.subtract(1, ordering: .sequentiallyConsistent) }
            let state = RequestState(arrivedWhileStopping: stopping)
            context.pointee = Unmanaged.passRetained(state).toOpaque()
            watch.requestStarted(connection)
            // Checked here, not by libmicrohttpd's strict mode: 0.9.75 then writes its 400's
            // head twice.
            if version == "HTTP/1.1", MicroHTTPD.header(connection, "Host") == nil {
                return answer(
                    connection, method: method, url: url, state: state,
                    refuse(url, 400, "Bad Request: an HTTP/1.1 request needs a Host header"), closing: true)
            }
            if !["GET", "HEAD", "OPTIONS"].contains(method) {
                return answer(
                    connection, method: method, url: url, state: state,
                    refuse(url, 405, "Method Not Allowed", headers: [("Allow", "GET, HEAD, OPTIONS")]), closing: true)
            }
            if Self.hasBody(connection) {
                return answer(
                    connection, method: method, url: url, state: state,
                    refuse(url, 413, "Request bodies are not accepted"), closing: true)
            }
            return .YES
        }
        if uploadSize.pointee != 0 {
            uploadSize.pointee = 0
            return answer(
                connection, method: method, url: url, state: state,
                refuse(url, 413, "Request bodies are not accepted"), closing: true)
        }
        if state.arrivedWhileStopping {
            return answer(
                connection, method: method, url: url, state: state,
                refuse(url, 503, "Service Unavailable: the server is stopping", headers: [("Retry-After", "1")]))
        }
        return answer(connection, method: method, url: url, state: state, respond(connection, method: method, url: url))
    }

    /// The answer to a complete GET, HEAD or OPTIONS.
    private func respond(_ connection: OpaquePointer, method: String, url: String) -> ServerResponse {
        if method == "OPTIONS" {
            let requested = MicroHTTPD.header(connection, "Access-Control-Request-Headers")
            return ServerResponse(status: 204, contentType: nil, headers: Self.preflightHeaders(requested), bytes: [])
        }
        if !watch.isServed(connection) {
            return refuse(url, 503, "Too many connections", headers: [("Retry-After", "1")])
        }
        let authorization = MicroHTTPD.header(connection, "Authorization")
        if let token, !token.admits(authorization) {
            // GitHub's words, which tell a client (a sync from this server among them) whether
            // its token was refused or it sent none.
            return refuse(
                url, 401, authorization == nil ? "Requires authentication" : "Bad credentials",
                headers: [("WWW-Authenticate", "Bearer")])
        }
        let request = ServerRequest(
            method: method, path: url, query: MicroHTTPD.queryPairs(connection),
            remoteAddress: SocketAddress.text(pokedex_mhd_client_address(connection)),
            header: { MicroHTTPD.header(connection, $0) })
        return handler(request)
    }

    private func answer(
        _ connection: OpaquePointer, method: String, url: String, state: RequestState, _ response: ServerResponse,
        closing: Bool = false
    ) -> MHD_Result {
        var response = response
        let request = MicroHTTPD.requestHeadBytes(connection, path: url)
        if request.line + request.fields + Self.headBytes(of: response) > limits.connectionMemoryBytes - Self.poolSlack
        {
            // Refused as what takes the room, when the refusal's own head still fits.
            response =
                request.fields > request.line
                ? refuse(url, 431, "Request Header Fields Too Large: the answer's head would not fit beside them")
                : refuse(url, 414, "URI Too Long: the answer's head would not fit beside it")
        }
        let body: OutgoingBody
        do {
            body = try compressors.with { compressor in
                try ContentNegotiation.encode(
                    response.body, accepted: .init(MicroHTTPD.header(connection, "Accept-Encoding")),
                    isCompressible: response.isCompressible && response.status == 200, compressor: { compressor })
            }
        } catch {
            // As the handler's own failures are told: the cause on standard error, not in the body.
            failures.writeLine("pokedex serve: \(method) \(AccessLog.printable(url)): \(error)\n")
            response = refuse(url, 500, "Internal Server Error")
            guard let plain = try? OutgoingBody(response.body) else { return .NO }
            body = plain
        }
        guard let made = Self.makeResponse(body) else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        if let encoding = body.encoding { MHD_add_response_header(made, "Content-Encoding", encoding) }
        if response.isCompressible, response.status == 200 || response.status == 304 {
            MHD_add_response_header(made, "Vary", "Accept-Encoding")
        }
        MHD_add_response_header(made, "Access-Control-Allow-Origin", "*")
        MHD_add_response_header(made, "Access-Control-Expose-Headers", Self.exposedHeaders)
        if closing || isDraining.load(ordering: .relaxed) || response.status == 503 {
            MHD_add_response_header(made, "Connection", "close")
        }
        let queued = MHD_queue_response(connection, UInt32(response.status), made)
        if let log {
            let query = MicroHTTPD.queryPairs(connection).map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }
            log.record(
                remote: SocketAddress.text(pokedex_mhd_client_address(connection)), method: method, path: url,
                query: query.joined(separator: "&"), status: response.status, bytes: method == "HEAD" ? 0 : body.count,
                seconds: ConnectionWatch.now() - state.started)
        }
        return queued
    }

    /// About what `response`'s head takes in the connection's memory, which libmicrohttpd writes
    /// it into after the request's head: one that does not fit (a `Link` header repeating a
    /// long query four times) would be sent as nothing at all. Its own fields, and room for
    /// those `answer` and libmicrohttpd add (status line, CORS, Vary, encoding, connection,
    /// date, length).
    private static func headBytes(of response: ServerResponse) -> Int {
        response.headers.reduce(256 + exposedHeaders.utf8.count) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    /// What libmicrohttpd 0.9.75 keeps of a connection's memory for itself: measured, a request
    /// and an answer's head fit while they came to 32,500–32,630 bytes of the 32,768.
    private static let poolSlack = 300

    /// A response that sends `body` and frees it once sent.
    private static func makeResponse(_ body: OutgoingBody) -> OpaquePointer? {
        guard body.count > 0 else {
            body.release()
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        }
        let made = MHD_create_response_from_buffer(
            body.count, UnsafeMutableRawPointer(mutating: body.contents.baseAddress), .RESPMEM_MUST_FREE)
        if made == nil { body.release() }
        return made
    }

    /// Whether the request announces a body (a length above zero, or chunks).
    private static func hasBody(_ connection: OpaquePointer) -> Bool {
        if MicroHTTPD.header(connection, "Transfer-Encoding") != nil { return true }
        guard let length = MicroHTTPD.header(connection, "Content-Length") else { return false }
        return length.trimmingSpaces != "0"
    }

    /// The server's own answer, in the shape the path's API gives errors, with `headers` added.
    private func refuse(
        _ url: String, _ status: Int, _ message: String, headers: [(name: String, value: String)] = []
    ) -> ServerResponse {
        var response = refusal(url, status, message)
        response.headers += headers
        return response
    }

    /// What a browser's preflight is told: any origin may read, with the headers apps send and
    /// those it asks for (`X-Requested-With`, `Cache-Control`…): a request is only read, so no
    /// header it could carry needs refusing.
    static func preflightHeaders(_ requested: String?) -> [(name: String, value: String)] {
        [
            ("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS"),
            ("Access-Control-Allow-Headers", allowedHeaders(requested)),
            ("Access-Control-Max-Age", "86400"),
        ]
    }

    static let usualHeaders = [
        "Authorization", "If-None-Match", "Accept", "Accept-Encoding", "X-GitHub-Api-Version", "Content-Type",
    ]

    /// ``usualHeaders`` and the names asked for, when every one is an HTTP token and the list is
    /// short enough to repeat; the usual ones alone otherwise.
    static func allowedHeaders(_ requested: String?) -> String {
        let usual = usualHeaders.joined(separator: ", ")
        guard let requested, requested.utf8.count <= 1024 else { return usual }
        // Empty elements are allowed in a list (RFC 9110 §5.6.1), and left out.
        let names = requested.split(separator: ",").map(\.trimmingSpaces).filter { !$0.isEmpty }
        guard names.allSatisfy({ $0.utf8.allSatisfy(isTokenByte) }) else { return usual }
        let known = Set(usualHeaders.map { $0.lowercased() })
        var added: Set<String> = []
        let extra = names.filter { known.contains($0.lowercased()) == false && added.insert($0.lowercased()).inserted }
        return ([usual] + extra.map(String.init)).joined(separator: ", ")
    }

    /// A byte of an HTTP token (RFC 9110 §5.6.2): letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The headers a browser app may read besides the simple ones; the rate limit's are sent
    /// on GitHub's API.
    static let exposedHeaders =
        "ETag, Link, Location, X-GitHub-Media-Type, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, "
        + "X-RateLimit-Used, X-RateLimit-Resource, Retry-After"
}
