import Foundation

/// A PokeAPI v2 look-alike on a ``LoopbackServer``, serving synthetic ``FakePokemon`` fixtures.
///
/// Routes: `GET /api/v2/pokemon/?limit=&offset=` (paginated list) and
/// `GET /api/v2/pokemon/{id}/` (detail), and the same for the Pokédex entry's types, abilities,
/// species and evolution chains (`FakePokedexEntry.swift`); the trailing slash is optional, HEAD works like
/// GET, anything else is `404 Not Found`. 200 responses carry a weak `ETag` hashed from the
/// body, and a matching `If-None-Match` gets `304`. Pagination mimics pokeapi.co's quirks:
/// `next`/`previous` alternate their query-parameter order from page to page, and a `next`
/// link to the last page carries a limit shortened to the number of entries left.
///
/// All members are thread-safe. The server stops when this object is released or on ``stop()``.
public final class FakePokeAPI: @unchecked Sendable {
    /// The underlying server; its ``LoopbackServer/requests`` is the full request log.
    public let server: LoopbackServer
    private let backend: FakePokeAPIBackend

    /// Starts serving `catalog` (ids and names must be unique) on `127.0.0.1`, or `::1`; with
    /// `extraKinds` listed in the root index and served too, and `encounters` served for those
    /// Pokémon instead of `[]` (neither by default, so request counts stay the Pokédex's own).
    public init(
        catalog: [FakePokemon] = FakePokemon.standardCatalog(), ipv6: Bool = false, extraKinds: [FakeKind] = [],
        encounters: [Int: [FakeEncounter]] = [:]
    ) throws {
        let backend = FakePokeAPIBackend(catalog: catalog, extraKinds: extraKinds, encounters: encounters)
        // The handler captures only the backend, so releasing this object releases the server.
        server = try LoopbackServer(ipv6: ipv6) { [backend] request in backend.respond(to: request) }
        backend.setOrigin(server.baseURL)
        self.backend = backend
    }

    /// `http://127.0.0.1:PORT/api/v2` (or `[::1]`), without a trailing slash.
    public var baseURL: String { server.baseURL + "/api/v2" }

    /// Consulted before routing; a non-nil result is served as-is (and not counted). Use it to
    /// inject 500s, HTML bodies, truncations or stalls for particular requests.
    public var override: (@Sendable (RecordedRequest) -> ScriptedResponse?)? {
        get { backend.override }
        set { backend.override = newValue }
    }

    /// What the fake answers `request` when no override is set (counted like any answer): for
    /// an override that serves a real answer altered.
    public func realAnswer(to request: RecordedRequest) -> ScriptedResponse {
        backend.realAnswer(to: request)
    }

    /// Detail responses served with status 200 and a body.
    public var detailRequestCount: Int { backend.counts.details }
    /// List pages served with status 200 and a body.
    public var listRequestCount: Int { backend.counts.lists }
    /// A Pokémon's encounters served with status 200, and the root index's answers.
    public var encountersRequestCount: Int { backend.counts.encounters }
    public var rootIndexRequestCount: Int { backend.counts.rootIndex }
    /// Conditional requests answered with 304 Not Modified (detail or list).
    public var notModifiedCount: Int { backend.counts.notModified }

    /// Detail responses of a Pokédex-entry resource ("type", "ability", "pokemon-species",
    /// "evolution-chain") served with status 200 and a body; not counted in `detailRequestCount`.
    public func entryDetailRequestCount(_ resource: String) -> Int { backend.counts.entryDetails[resource] ?? 0 }
    /// List pages of a Pokédex-entry resource served with status 200.
    public func entryListRequestCount(_ resource: String) -> Int { backend.counts.entryLists[resource] ?? 0 }
    /// Conditional requests of a Pokédex-entry resource answered 304; not counted in `notModifiedCount`.
    public func entryNotModifiedCount(_ resource: String) -> Int { backend.counts.entryNotModified[resource] ?? 0 }

    /// What a Pokédex-entry resource serves, in list order (chains have no name).
    public func entries(_ resource: String) -> [(id: Int, name: String)] {
        backend.synchronized { backend.entryList(resource) }
    }

    /// The evolution chain the fake puts a species in (`FakePokedexEntry.swift`).
    public static func chainID(ofSpecies id: Int) -> Int { FakePokeAPIBackend.chainID(ofSpecies: id) }

    /// Details of an extra kind (`FakeKind`) served with status 200 and a body.
    public func kindDetailRequestCount(_ kind: String) -> Int { backend.counts.kindDetails[kind] ?? 0 }
    /// List pages of an extra kind served with status 200.
    public func kindListRequestCount(_ kind: String) -> Int { backend.counts.kindLists[kind] ?? 0 }
    /// Conditional requests of an extra kind (list or detail) answered 304.
    public func kindNotModifiedCount(_ kind: String) -> Int { backend.counts.kindNotModified[kind] ?? 0 }
    /// Conditional requests of a Pokémon's encounters answered 304.
    public var encountersNotModifiedCount: Int { backend.counts.encountersNotModified }

    /// The exact detail bytes served for this entry of an extra kind. Traps if it is not served.
    public func kindBody(_ kind: String, id: Int) -> [UInt8] { renderedKindDetail(kind, id: id).bytes }

    /// The `ETag` served with this entry of an extra kind. Traps if it is not served.
    public func kindETag(_ kind: String, id: Int) -> String { renderedKindDetail(kind, id: id).etag }

    private func renderedKindDetail(_ kind: String, id: Int) -> FakePokeAPIBackend.RenderedBody {
        backend.synchronized {
            guard let served = backend.extraKinds[kind], let rendered = backend.kindDetail(served, id: id) else {
                preconditionFailure("FakePokeAPI: no \(kind)/\(id)")
            }
            return rendered
        }
    }

    /// The exact encounters bytes served for this Pokémon.
    public func encountersBody(ofPokemon id: Int) -> [UInt8] {
        backend.synchronized { backend.encounters(ofPokemon: id).bytes }
    }

    /// Sets the counters back to zero (the server's request log is separate: `server.resetLog()`).
    public func resetCounters() { backend.resetCounts() }

    /// The Pokémon currently served, ordered by id.
    public var catalog: [FakePokemon] { backend.catalog }

    /// Edits the Pokémon with this id in place; its detail body and ETag change accordingly.
    /// The closure runs under the fake's lock, so concurrent requests see all or none of it.
    /// Calling this for an id that is not served is a programming error and traps.
    public func update(id: Int, _ change: (inout FakePokemon) -> Void) {
        backend.update(id: id, change)
    }

    /// The exact detail JSON served for this id. Traps if the id is not served.
    public func body(forID id: Int) -> String {
        String(decoding: backend.renderedDetail(id: id).bytes, as: UTF8.self)
    }

    /// The `ETag` currently served with this id's detail, e.g. `W/"1f0c…"`. Traps if the id is not served.
    public func etag(forID id: Int) -> String {
        backend.renderedDetail(id: id).etag
    }

    /// Stops the server (see ``LoopbackServer/stop()``).
    public func stop() { server.stop() }
}
