import Foundation

@testable import PokedexSync

/// PokeAPI's list and details answered in memory: a transport for the engine with no socket,
/// so a whole sync job runs in milliseconds. Answers 304 to a matching `If-None-Match`, and
/// `fail` can answer any request itself first (a 503, say).
final class InMemoryPokeAPI: @unchecked Sendable {
    static let baseURL = URL(string: "http://pokeapi.test/api/v2")!

    let count: Int
    private let lock = NSLock()
    private var log: [HTTPRequest] = []
    private let fail: @Sendable (HTTPRequest, _ attempt: Int) -> HTTPResponse?

    init(count: Int, fail: @escaping @Sendable (HTTPRequest, _ attempt: Int) -> HTTPResponse? = { _, _ in nil }) {
        self.count = count
        self.fail = fail
    }

    var requests: [HTTPRequest] { lock.withLock { log } }

    var factory: HTTPTransportFactory {
        HTTPTransportFactory { _, _ in { request in try await self.respond(to: request) } }
    }

    private func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        let attempt = lock.withLock { () -> Int in
            log.append(request)
            return log.filter { $0.url == request.url }.count
        }
        if let failure = fail(request, attempt) { return failure }
        let path = request.url.path
        guard path.hasPrefix("/api/v2/pokemon") else { return Self.answer(request, status: 404, body: "{}") }
        if let id = Int(path.split(separator: "/").last ?? ""), (1...count).contains(id) {
            let etag = "\"detail-\(id)\""
            if request.headers["If-None-Match"] == etag { return Self.answer(request, status: 304, body: "") }
            return Self.answer(request, status: 200, body: Self.detail(id: id), etag: etag)
        }
        return Self.answer(request, status: 200, body: listPage(query: request.url.query ?? ""))
    }

    private func listPage(query: String) -> String {
        var parameters: [String: Int] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=")
            if parts.count == 2 { parameters[String(parts[0])] = Int(parts[1]) }
        }
        let offset = parameters["offset"] ?? 0, limit = parameters["limit"] ?? 20
        let ids = (offset + 1)...max(offset + 1, min(count, offset + limit))
        let results =
            offset < count
            ? ids.map { #"{"name":"mon-\#($0)","url":"\#(Self.baseURL)/pokemon/\#($0)/"}"# } : []
        let next =
            offset + limit < count
            ? #""\#(Self.baseURL)/pokemon/?offset=\#(offset + limit)&limit=\#(limit)""# : "null"
        return #"{"count":\#(count),"next":\#(next),"previous":null,"results":[\#(results.joined(separator: ","))]}"#
    }

    static func detail(id: Int) -> String {
        """
        {"abilities":[{"ability":{"name":"static","url":"u"},"is_hidden":false,"slot":1}],\
        "base_experience":100,"height":\(id),"id":\(id),"moves":[],"name":"mon-\(id)","order":\(id),\
        "species":{"name":"mon-\(id)","url":"u"},"sprites":{"other":{"official-artwork":{"front_default":null}}},\
        "stats":[{"base_stat":\(40 + id),"effort":0,"stat":{"name":"hp","url":"u"}}],\
        "types":[{"slot":1,"type":{"name":"normal","url":"u"}}],"weight":\(10 * id)}
        """
    }

    static func answer(
        _ request: HTTPRequest, status: Int, body: String, etag: String? = nil,
        headers: [String: String] = [:]
    ) -> HTTPResponse {
        var all = headers
        all["Content-Type"] = "application/json"
        if let etag { all["ETag"] = etag }
        return HTTPResponse(url: request.url, status: status, headers: all, body: Data(body.utf8))
    }
}

/// A clock whose waits return at once and are recorded.
final class RecordingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []

    var slept: [Duration] { lock.withLock { waits } }

    var clock: SyncClock {
        SyncClock(
            now: { Date(timeIntervalSince1970: 1_800_000_000) },
            sleep: { duration in
                try Task.checkCancellation()
                self.lock.withLock { self.waits.append(duration) }
            })
    }
}
