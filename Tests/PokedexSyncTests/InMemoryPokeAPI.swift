import Foundation

@testable import HTTPTypes
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

    /// Part of the entry's resources' ETags: another revision answers their revalidations 200.
    let revision: Int

    init(
        count: Int, revision: Int = 0,
        fail: @escaping @Sendable (HTTPRequest, _ attempt: Int) -> HTTPResponse? = { _, _ in nil }
    ) {
        self.count = count
        self.revision = revision
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
        if let entry = entryResponse(request) { return entry }
        guard path.hasPrefix("/api/v2/pokemon") else { return Self.answer(request, status: 404, body: "{}") }
        if path.hasSuffix("/encounters") {
            if request.headers["If-None-Match"] == "\"encounters\"" {
                return Self.answer(request, status: 304, body: "")
            }
            return Self.answer(request, status: 200, body: "[]", etag: "\"encounters\"")
        }
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

    /// The Pokédex entry's resources for `count` Pokémon: one type (normal), one ability
    /// (static), a species per Pokémon and an evolution chain per species.
    private func entryResponse(_ request: HTTPRequest) -> HTTPResponse? {
        let segments = request.url.path.split(separator: "/").map(String.init)
        guard segments.count >= 3, segments[0] == "api", segments[1] == "v2" else { return nil }
        let names: [String]
        switch segments[2] {
        case "type": names = ["normal"]
        case "ability": names = ["static"]
        case "pokemon-species", "evolution-chain": names = (1...max(1, count)).map { "mon-\($0)" }
        default: return nil
        }
        let resource = segments[2]
        guard segments.count == 4 else {
            let results = names.enumerated().map {
                #"{"name":"\#($1)","url":"\#(Self.baseURL)/\#(resource)/\#($0 + 1)/"}"#
            }
            let list = results.joined(separator: ",")
            return Self.answer(
                request, status: 200,
                body: #"{"count":\#(names.count),"next":null,"previous":null,"results":[\#(list)]}"#)
        }
        guard let id = Int(segments[3]), names.indices.contains(id - 1) else {
            return Self.answer(request, status: 404, body: "{}")
        }
        let etag = "\"\(resource)-\(id)-\(revision)\""
        if request.headers["If-None-Match"] == etag { return Self.answer(request, status: 304, body: "") }
        let named = #""id":\#(id),"name":"\#(names[id - 1])""#
        let body: String
        switch resource {
        case "type": body = #"{\#(named),"damage_relations":{"no_damage_to":[{"name":"ghost","url":"u"}]}}"#
        case "ability": body = #"{\#(named),"is_main_series":true}"#
        case "pokemon-species":
            body = #"{\#(named),"evolution_chain":{"url":"\#(Self.baseURL)/evolution-chain/\#(id)/"}}"#
        default:
            body = #"{"id":\#(id),"chain":{"species":{"name":"mon-\#(id)","url":"u"},"evolves_to":[]}}"#
        }
        return Self.answer(request, status: 200, body: body, etag: etag)
    }

    /// Pokémon `id`'s body: one ability, stat, type and learnset row each.
    static func detail(id: Int) -> String {
        """
        {"abilities":[{"ability":{"name":"static","url":"u"},"is_hidden":false,"slot":1}],\
        "base_experience":100,"height":\(id),"id":\(id),"moves":[{"move":{"name":"tackle","url":"u"},\
        "version_group_details":[{"level_learned_at":1,"move_learn_method":{"name":"level-up","url":"u"},\
        "order":null,"version_group":{"name":"red-blue","url":"u"}}]}],"name":"mon-\(id)","order":\(id),\
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
