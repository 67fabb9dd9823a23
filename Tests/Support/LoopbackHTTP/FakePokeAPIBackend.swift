import Foundation

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
        /// Root index answers.
        var rootIndex = 0
        /// 200s of a Pokémon's encounters (an empty array each; their 304s are not counted).
        var encounters = 0
        var notModified = 0
        /// The Pokédex entry's resources ("type", "ability", "pokemon-species",
        /// "evolution-chain"): 200s of details and of list pages, and 304s, apart from the Pokémon's.
        var entryDetails: [String: Int] = [:]
        var entryLists: [String: Int] = [:]
        var entryNotModified: [String: Int] = [:]
        /// The extra kinds (`FakeKind`): 200s of details and of list pages, and 304s, by kind.
        var kindDetails: [String: Int] = [:]
        var kindLists: [String: Int] = [:]
        var kindNotModified: [String: Int] = [:]
        /// 304s of a Pokémon's encounters.
        var encountersNotModified = 0
    }

    static let defaultPageSize = 20
    static let jsonContentType = "application/json; charset=utf-8"

    // Recursive so that an `update` closure may read the catalog without deadlocking.
    let lock = NSRecursiveLock()
    var pokemonByID: [Int: FakePokemon] = [:]
    var sortedIDs: [Int] = []
    var idByName: [String: Int] = [:]
    var renderedDetails: [Int: RenderedBody] = [:]
    var origin = ""
    var storedOverride: (@Sendable (RecordedRequest) -> ScriptedResponse?)?
    var storedCounts = Counts()
    // Ids for referenced resources, assigned in catalog order so that URLs are deterministic and a
    // client keying tables by URL id never sees two names share an id.
    var abilityIDs = ResourceRegistry()
    var typeIDs = ResourceRegistry(canonical: [
        "normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel", "fire",
        "water", "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy", "stellar",
    ])
    var statIDs = ResourceRegistry(canonical: FakePokemon.statNames + ["accuracy", "evasion"])
    var speciesIDs = ResourceRegistry()
    /// The kinds served beyond the Pokédex's five, by name (none unless asked for).
    var extraKinds: [String: FakeKind] = [:]
    /// Encounters served for some Pokémon instead of `[]`, by Pokémon id.
    var extraEncounters: [Int: [FakeEncounter]] = [:]

    init(catalog: [FakePokemon], extraKinds: [FakeKind] = [], encounters: [Int: [FakeEncounter]] = [:]) {
        for kind in extraKinds {
            precondition(extraKinds.filter { $0.name == kind.name }.count == 1, "FakePokeAPI: kind \(kind.name) twice")
            self.extraKinds[kind.name] = kind
        }
        extraEncounters = encounters
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
        return realAnswer(to: request)
    }

    func realAnswer(to request: RecordedRequest) -> ScriptedResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return Self.notFound }
        let segments = request.path.split(separator: "/")
        if segments.count == 2, segments[0] == "api", segments[1] == "v2" {
            return synchronized {
                storedCounts.rootIndex += 1
                return ScriptedResponse(
                    status: 200, headers: [("Content-Type", Self.jsonContentType)], body: rootIndex().bytes)
            }
        }
        if segments.count == 5, segments[0] == "api", segments[1] == "v2", segments[2] == "pokemon",
            segments[4] == "encounters"
        {
            return synchronized {
                guard let id = Int(segments[3]), pokemonByID[id] != nil else { return Self.notFound }
                let rendered = encounters(ofPokemon: id)
                if let candidates = request.header("if-none-match"), ifNoneMatch(candidates, matches: rendered.etag) {
                    storedCounts.encountersNotModified += 1
                    return .notModified(headers: [("ETag", rendered.etag)])
                }
                storedCounts.encounters += 1
                return ScriptedResponse(
                    status: 200, headers: [("Content-Type", Self.jsonContentType), ("ETag", rendered.etag)],
                    body: rendered.bytes)
            }
        }
        if segments.count >= 3, segments[0] == "api", segments[1] == "v2",
            Self.entryResources.contains(String(segments[2]))
        {
            return synchronized { respondEntry(String(segments[2]), segments: segments, to: request) }
        }
        if segments.count >= 3, segments[0] == "api", segments[1] == "v2",
            let kind = synchronized({ extraKinds[String(segments[2])] })
        {
            return synchronized { respondKind(kind, segments: segments, to: request) }
        }
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

    private func respondEntry(
        _ resource: String, segments: [Substring], to request: RecordedRequest
    ) -> ScriptedResponse {
        respondCounted(
            resource, segments: segments, to: request,
            list: { listPage(query: $0, path: resource, entries: entryList(resource).map { ($0.id, $0.name) }) },
            detail: { entryDetail(resource, id: $0) },
            counters: (lists: \.entryLists, details: \.entryDetails, notModified: \.entryNotModified))
    }

    /// `/api/v2/{name}/` (a list page) or `/api/v2/{name}/{id}/`, with ETags and 304s, each
    /// answer counted under `name` in one of `counters`.
    func respondCounted(
        _ name: String, segments: [Substring], to request: RecordedRequest,
        list: ([String: String]) -> RenderedBody, detail: (Int) -> RenderedBody?,
        counters: (
            lists: WritableKeyPath<Counts, [String: Int]>, details: WritableKeyPath<Counts, [String: Int]>,
            notModified: WritableKeyPath<Counts, [String: Int]>
        )
    ) -> ScriptedResponse {
        let rendered: RenderedBody
        let counts: WritableKeyPath<Counts, [String: Int]>
        switch segments.count {
        case 3:
            rendered = list(request.query)
            counts = counters.lists
        case 4:
            guard let id = Int(segments[3]), let found = detail(id) else { return Self.notFound }
            rendered = found
            counts = counters.details
        default:
            return Self.notFound
        }
        if let candidates = request.header("if-none-match"), ifNoneMatch(candidates, matches: rendered.etag) {
            storedCounts[keyPath: counters.notModified][name, default: 0] += 1
            return .notModified(headers: [("ETag", rendered.etag)])
        }
        storedCounts[keyPath: counts][name, default: 0] += 1
        return ScriptedResponse(
            status: 200, headers: [("Content-Type", Self.jsonContentType), ("ETag", rendered.etag)],
            body: rendered.bytes)
    }

    static var notFound: ScriptedResponse { .text("Not Found", status: 404) }

    func conditionalResponse(
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

    // MARK: Storage (callers hold the lock)

    func store(_ pokemon: FakePokemon) {
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

    func remove(id: Int) {
        guard let pokemon = pokemonByID.removeValue(forKey: id) else { return }
        idByName[pokemon.name.lowercased()] = nil
        sortedIDs.removeAll { $0 == id }
        renderedDetails[id] = nil
    }

    func synchronized<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
