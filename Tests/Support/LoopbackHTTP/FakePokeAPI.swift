import Foundation

/// A PokeAPI v2 look-alike on a ``LoopbackServer``, serving synthetic ``FakePokemon`` fixtures.
///
/// Routes: `GET /api/v2/pokemon/?limit=&offset=` (paginated list) and
/// `GET /api/v2/pokemon/{id}/` (detail); the trailing slash is optional, HEAD works like
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

    /// Starts serving `catalog` (ids and names must be unique).
    public init(catalog: [FakePokemon] = FakePokemon.standardCatalog()) throws {
        let backend = FakePokeAPIBackend(catalog: catalog)
        // The handler captures only the backend, so releasing this object releases the server.
        server = try LoopbackServer { [backend] request in backend.respond(to: request) }
        backend.setOrigin(server.baseURL)
        self.backend = backend
    }

    /// `http://127.0.0.1:PORT/api/v2`, without a trailing slash.
    public var baseURL: String { server.baseURL + "/api/v2" }

    /// Consulted before routing; a non-nil result is served as-is (and not counted). Use it to
    /// inject 500s, HTML bodies, truncations or stalls for particular requests.
    public var override: (@Sendable (RecordedRequest) -> ScriptedResponse?)? {
        get { backend.override }
        set { backend.override = newValue }
    }

    /// Detail responses served with status 200 and a body.
    public var detailRequestCount: Int { backend.counts.details }
    /// List pages served with status 200 and a body.
    public var listRequestCount: Int { backend.counts.lists }
    /// Conditional requests answered with 304 Not Modified (detail or list).
    public var notModifiedCount: Int { backend.counts.notModified }

    /// Sets the three counters back to zero (the server's request log is separate: `server.resetLog()`).
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

/// Everything the request handler needs, kept apart from `FakePokeAPI` so that the server's
/// handler does not retain the public object.
final class FakePokeAPIBackend: @unchecked Sendable {
    struct RenderedBody {
        let bytes: [UInt8]
        let etag: String
    }

    struct Counts {
        var details = 0
        var lists = 0
        var notModified = 0
    }

    private static let defaultPageSize = 20
    private static let jsonContentType = "application/json; charset=utf-8"

    // Recursive so that an `update` closure may read the catalog without deadlocking.
    private let lock = NSRecursiveLock()
    private var pokemonByID: [Int: FakePokemon] = [:]
    private var sortedIDs: [Int] = []
    private var idByName: [String: Int] = [:]
    private var renderedDetails: [Int: RenderedBody] = [:]
    private var origin = ""
    private var storedOverride: (@Sendable (RecordedRequest) -> ScriptedResponse?)?
    private var storedCounts = Counts()
    // Ids for referenced resources, assigned in catalog order so that URLs are deterministic and a
    // client keying tables by URL id never sees two names share an id.
    private var abilityIDs = ResourceRegistry()
    private var typeIDs = ResourceRegistry(canonical: [
        "normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel", "fire",
        "water", "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy", "stellar",
    ])
    private var statIDs = ResourceRegistry(canonical: FakePokemon.statNames + ["accuracy", "evasion"])
    private var speciesIDs = ResourceRegistry()

    init(catalog: [FakePokemon]) {
        // Default forms first, so that species ids can equal their Pokémon's id as on PokeAPI.
        let defaultsFirst = catalog.filter { $0.id < 10_000 } + catalog.filter { $0.id >= 10_000 }
        for pokemon in defaultsFirst {
            precondition(pokemonByID[pokemon.id] == nil, "FakePokeAPI: duplicate id \(pokemon.id)")
            store(pokemon)
        }
    }

    func setOrigin(_ origin: String) {
        synchronized {
            self.origin = origin
            renderedDetails.removeAll()
        }
    }

    var override: (@Sendable (RecordedRequest) -> ScriptedResponse?)? {
        get { synchronized { storedOverride } }
        set { synchronized { storedOverride = newValue } }
    }

    var counts: Counts { synchronized { storedCounts } }

    func resetCounts() { synchronized { storedCounts = Counts() } }

    var catalog: [FakePokemon] { synchronized { sortedIDs.map { pokemonByID[$0]! } } }

    func update(id: Int, _ change: (inout FakePokemon) -> Void) {
        synchronized {
            guard var pokemon = pokemonByID[id] else {
                preconditionFailure("FakePokeAPI.update: no Pokémon with id \(id)")
            }
            change(&pokemon)
            if pokemon.id != id { remove(id: id) }
            store(pokemon)
        }
    }

    func renderedDetail(id: Int) -> RenderedBody {
        synchronized {
            guard let rendered = detail(id: id) else {
                preconditionFailure("FakePokeAPI: no Pokémon with id \(id)")
            }
            return rendered
        }
    }

    // MARK: Routing

    func respond(to request: RecordedRequest) -> ScriptedResponse {
        // Called outside the lock: an override may itself inspect the fake.
        if let override = self.override, let scripted = override(request) {
            return scripted
        }
        guard request.method == "GET" || request.method == "HEAD" else { return Self.notFound }
        let segments = request.path.split(separator: "/")
        guard segments.count >= 3, segments[0] == "api", segments[1] == "v2", segments[2] == "pokemon"
        else { return Self.notFound }

        return synchronized {
            switch segments.count {
            case 3:
                return conditionalResponse(listPage(query: request.query), to: request, counter: \.lists)
            case 4:
                guard let id = Int(segments[3]), let rendered = detail(id: id) else {
                    return Self.notFound
                }
                return conditionalResponse(rendered, to: request, counter: \.details)
            default:
                return Self.notFound
            }
        }
    }

    private static var notFound: ScriptedResponse { .text("Not Found", status: 404) }

    private func conditionalResponse(
        _ rendered: RenderedBody, to request: RecordedRequest, counter: WritableKeyPath<Counts, Int>
    ) -> ScriptedResponse {
        if let candidates = request.header("if-none-match"), ifNoneMatch(candidates, matches: rendered.etag) {
            storedCounts.notModified += 1
            return .notModified(headers: [("ETag", rendered.etag)])
        }
        storedCounts[keyPath: counter] += 1
        return ScriptedResponse(
            status: 200,
            headers: [("Content-Type", Self.jsonContentType), ("ETag", rendered.etag)],
            body: rendered.bytes)
    }

    // MARK: Rendering (callers hold the lock)

    private func detail(id: Int) -> RenderedBody? {
        if let cached = renderedDetails[id] { return cached }
        guard let pokemon = pokemonByID[id] else { return nil }
        let rendered = Self.rendered(detailJSON(pokemon))
        renderedDetails[id] = rendered
        return rendered
    }

    private static func rendered(_ json: OrderedJSON) -> RenderedBody {
        let bytes = Array(json.compactText.utf8)
        return RenderedBody(bytes: bytes, etag: "W/\"\(hex(fnv1a64(bytes), width: 16))\"")
    }

    private func listPage(query: [String: String]) -> RenderedBody {
        // Clamped so that offset + limit cannot overflow.
        let ceiling = 1 << 40
        let limit = query["limit"].flatMap { Int($0) }.flatMap { $0 > 0 ? min($0, ceiling) : nil }
            ?? Self.defaultPageSize
        let offset = query["offset"].flatMap { Int($0) }.flatMap { $0 >= 0 ? min($0, ceiling) : nil } ?? 0
        let count = sortedIDs.count

        let pageIDs = offset < count ? sortedIDs[offset..<min(count, offset + limit)] : []
        let nextOffset = offset + limit
        let next: OrderedJSON =
            offset < count && nextOffset < count
            ? .string(listLink(offset: nextOffset, limit: min(limit, count - nextOffset), pageSize: limit))
            : .null
        let previous: OrderedJSON =
            offset > 0 ? .string(listLink(offset: max(0, offset - limit), limit: limit, pageSize: limit)) : .null

        return Self.rendered(
            .object([
                ("count", .int(count)),
                ("next", next),
                ("previous", previous),
                ("results", .array(pageIDs.map { id in
                    .object([
                        ("name", .string(pokemonByID[id]!.name)),
                        ("url", .string("\(origin)/api/v2/pokemon/\(id)/")),
                    ])
                })),
            ]))
    }

    /// pokeapi.co emits `offset=…&limit=…` on some pages and `limit=…&offset=…` on others;
    /// clients must parse links rather than compare them as strings. Here the order follows the
    /// parity of the linked page's index (`offset / pageSize`): even → offset first.
    private func listLink(offset: Int, limit: Int, pageSize: Int) -> String {
        let query = (offset / pageSize).isMultiple(of: 2)
            ? "offset=\(offset)&limit=\(limit)" : "limit=\(limit)&offset=\(offset)"
        return "\(origin)/api/v2/pokemon/?\(query)"
    }

    private func detailJSON(_ pokemon: FakePokemon) -> OrderedJSON {
        let api = origin + "/api/v2"
        func reference(_ name: String, _ kind: String, _ id: Int) -> OrderedJSON {
            .object([("name", .string(name)), ("url", .string("\(api)/\(kind)/\(id)/"))])
        }
        let id = pokemon.id
        let visibleAbilityCount = pokemon.abilities.filter { !$0.hidden }.count
        var nextVisibleSlot = 1
        let abilities: [OrderedJSON] = pokemon.abilities.map { ability in
            let slot: Int
            if ability.hidden {
                slot = max(3, visibleAbilityCount + 1)
            } else {
                slot = nextVisibleSlot
                nextVisibleSlot += 1
            }
            return .object([
                ("ability", reference(ability.name, "ability", abilityIDs.id(for: ability.name))),
                ("is_hidden", .bool(ability.hidden)),
                ("slot", .int(slot)),
            ])
        }
        let sprites = "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon"
        let cries = "https://raw.githubusercontent.com/PokeAPI/cries/main/cries/pokemon"

        return .object([
            ("abilities", .array(abilities)),
            ("base_experience", .int(pokemon.baseExperience)),
            ("cries", .object([
                ("latest", .string("\(cries)/latest/\(id).ogg")),
                ("legacy", .string("\(cries)/legacy/\(id).ogg")),
            ])),
            ("forms", .array([reference(pokemon.name, "pokemon-form", id)])),
            ("game_indices", .array([])),
            ("height", .int(pokemon.height)),
            ("held_items", .array([])),
            ("id", .int(id)),
            ("is_default", .bool(id < 10_000)),
            ("location_area_encounters", .string("\(api)/pokemon/\(id)/encounters")),
            ("moves", .array((0..<max(0, pokemon.fillerMoves)).map { index in
                .object([
                    ("move", reference("filler-move-\(index + 1)", "move", index + 1)),
                    ("version_group_details", .array([])),
                ])
            })),
            ("name", .string(pokemon.name)),
            ("order", .int(pokemon.order)),
            ("past_abilities", .array([])),
            ("past_stats", .array([])),
            ("past_types", .array([])),
            ("species", reference(pokemon.speciesName, "pokemon-species", speciesIDs.id(for: pokemon.speciesName))),
            ("sprites", .object([
                ("front_default", .string("\(sprites)/\(id).png")),
                ("other", .object([
                    ("official-artwork", .object([
                        ("front_default", .string(pokemon.officialArtwork)),
                        ("front_shiny", .string(pokemon.officialArtwork.map { _ in
                            "\(sprites)/other/official-artwork/shiny/\(id).png"
                        })),
                    ])),
                ])),
            ])),
            ("stats", .array(pokemon.stats.map { stat in
                .object([
                    ("base_stat", .int(stat.base)),
                    ("effort", .int(stat.effort)),
                    ("stat", reference(stat.name, "stat", statIDs.id(for: stat.name))),
                ])
            })),
            ("types", .array(pokemon.types.enumerated().map { index, type in
                .object([
                    ("slot", .int(index + 1)),
                    ("type", reference(type, "type", typeIDs.id(for: type))),
                ])
            })),
            ("weight", .int(pokemon.weight)),
        ])
    }

    // MARK: Storage (callers hold the lock)

    private func store(_ pokemon: FakePokemon) {
        let key = pokemon.name.lowercased()
        if let holder = idByName[key], holder != pokemon.id {
            preconditionFailure("FakePokeAPI: name \(key) is already used by id \(holder)")
        }
        if let previous = pokemonByID[pokemon.id] {
            idByName[previous.name.lowercased()] = nil
        } else {
            let insertion = sortedIDs.firstIndex { $0 > pokemon.id } ?? sortedIDs.endIndex
            sortedIDs.insert(pokemon.id, at: insertion)
        }
        pokemonByID[pokemon.id] = pokemon
        idByName[key] = pokemon.id
        renderedDetails[pokemon.id] = nil

        for ability in pokemon.abilities { abilityIDs.register(ability.name) }
        for type in pokemon.types { typeIDs.register(type) }
        for stat in pokemon.stats { statIDs.register(stat.name) }
        speciesIDs.register(pokemon.speciesName, preferredID: pokemon.id < 10_000 ? pokemon.id : nil)
    }

    private func remove(id: Int) {
        guard let pokemon = pokemonByID.removeValue(forKey: id) else { return }
        idByName[pokemon.name.lowercased()] = nil
        sortedIDs.removeAll { $0 == id }
        renderedDetails[id] = nil
    }

    private func synchronized<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// Hands out stable numeric ids for named resources (abilities, types, …) referenced by URL.
private struct ResourceRegistry {
    private var idByName: [String: Int] = [:]
    private var usedIDs: Set<Int> = []
    private var highestID = 0

    init(canonical: [String] = []) {
        for (index, name) in canonical.enumerated() { register(name, preferredID: index + 1) }
    }

    mutating func register(_ name: String, preferredID: Int? = nil) {
        guard idByName[name] == nil else { return }
        let id = preferredID.flatMap { usedIDs.contains($0) ? nil : $0 } ?? highestID + 1
        idByName[name] = id
        usedIDs.insert(id)
        highestID = max(highestID, id)
    }

    func id(for name: String) -> Int {
        guard let id = idByName[name] else { preconditionFailure("unregistered resource \(name)") }
        return id
    }
}
