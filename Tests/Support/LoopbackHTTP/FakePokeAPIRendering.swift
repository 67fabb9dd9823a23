import Foundation

/// PokeAPI's bodies for the served Pokémon: list pages with pokeapi.co's link quirks, and detail
/// bodies with every top-level key PokeAPI sends (most of them empty or filler). Callers hold the lock.
extension FakePokeAPIBackend {
    func detail(id: Int) -> RenderedBody? {
        if let cached = renderedDetails[id] { return cached }
        guard let pokemon = pokemonByID[id] else { return nil }
        let rendered = Self.rendered(detailJSON(pokemon))
        renderedDetails[id] = rendered
        return rendered
    }

    static func rendered(_ json: OrderedJSON) -> RenderedBody {
        let bytes = Array(json.compactText.utf8)
        return RenderedBody(bytes: bytes, etag: "W/\"\(hex(fnv1a64(bytes), width: 16))\"")
    }

    /// The root index: the kinds this fake serves, each with its list URL.
    func rootIndex() -> RenderedBody {
        let kinds = (["pokemon"] + Self.entryResources.sorted() + extraKinds.keys).sorted()
        return Self.rendered(.object(kinds.map { ($0, .string("\(origin)/api/v2/\($0)/")) }))
    }

    func listPage(query: [String: String]) -> RenderedBody {
        listPage(
            query: query, path: "pokemon", entries: sortedIDs.map { (id: $0, name: pokemonByID[$0]!.name) })
    }

    /// A page of the list at `/api/v2/{path}/` over `entries` (in list order), of at most
    /// `pageCap` entries whatever the limit asked; an entry without a name is `{"url"}` only.
    func listPage(
        query: [String: String], path: String, entries: [(id: Int, name: String?)], pageCap: Int = 1 << 40
    ) -> RenderedBody {
        // Clamped so that offset + limit cannot overflow.
        let ceiling = 1 << 40
        let limit = min(
            query["limit"].flatMap { Int($0) }.flatMap { $0 > 0 ? min($0, ceiling) : nil } ?? Self.defaultPageSize,
            pageCap)
        let offset = query["offset"].flatMap { Int($0) }.flatMap { $0 >= 0 ? min($0, ceiling) : nil } ?? 0
        let count = entries.count

        let pageEntries = offset < count ? entries[offset..<min(count, offset + limit)] : []
        let nextOffset = offset + limit
        let next: OrderedJSON =
            offset < count && nextOffset < count
            ? .string(
                listLink(offset: nextOffset, limit: min(limit, count - nextOffset), pageSize: limit, path: path))
            : .null
        let previous: OrderedJSON =
            offset > 0
            ? .string(listLink(offset: max(0, offset - limit), limit: limit, pageSize: limit, path: path)) : .null

        return Self.rendered(
            .object([
                ("count", .int(count)),
                ("next", next),
                ("previous", previous),
                (
                    "results",
                    .array(
                        pageEntries.map { entry in
                            .object(
                                (entry.name.map { [("name", OrderedJSON.string($0))] } ?? [])
                                    + [("url", .string("\(origin)/api/v2/\(path)/\(entry.id)/"))])
                        })
                ),
            ]))
    }

    /// pokeapi.co emits `offset=…&limit=…` on some pages and `limit=…&offset=…` on others;
    /// clients must parse links rather than compare them as strings. Here the order follows the
    /// parity of the linked page's index (`offset / pageSize`): even → offset first.
    func listLink(offset: Int, limit: Int, pageSize: Int, path: String = "pokemon") -> String {
        let query =
            (offset / pageSize).isMultiple(of: 2)
            ? "offset=\(offset)&limit=\(limit)" : "limit=\(limit)&offset=\(offset)"
        return "\(origin)/api/v2/\(path)/?\(query)"
    }

    func detailJSON(_ pokemon: FakePokemon) -> OrderedJSON {
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
            (
                "cries",
                .object([
                    ("latest", .string("\(cries)/latest/\(id).ogg")),
                    ("legacy", .string("\(cries)/legacy/\(id).ogg")),
                ])
            ),
            ("forms", .array([reference(pokemon.name, "pokemon-form", id)])),
            ("game_indices", .array([])),
            ("height", .int(pokemon.height)),
            ("held_items", .array([])),
            ("id", .int(id)),
            ("is_default", .bool(id < 10_000)),
            ("location_area_encounters", .string("\(api)/pokemon/\(id)/encounters")),
            (
                "moves",
                .array(
                    (0..<max(0, pokemon.fillerMoves)).map { index in
                        .object([
                            ("move", reference("filler-move-\(index + 1)", "move", index + 1)),
                            ("version_group_details", .array([])),
                        ])
                    })
            ),
            ("name", .string(pokemon.name)),
            ("order", .int(pokemon.order)),
            ("past_abilities", .array([])),
            ("past_stats", .array([])),
            ("past_types", .array([])),
            ("species", reference(pokemon.speciesName, "pokemon-species", speciesIDs.id(for: pokemon.speciesName))),
            (
                "sprites",
                .object([
                    ("front_default", .string(pokemon.sprite)),
                    ("front_shiny", .string(pokemon.shinySprite)),
                    (
                        "other",
                        .object([
                            (
                                "official-artwork",
                                .object([
                                    ("front_default", .string(pokemon.officialArtwork)),
                                    (
                                        "front_shiny",
                                        .string(
                                            pokemon.officialArtwork.map { _ in
                                                "\(sprites)/other/official-artwork/shiny/\(id).png"
                                            })
                                    ),
                                ])
                            )
                        ])
                    ),
                ])
            ),
            (
                "stats",
                .array(
                    pokemon.stats.map { stat in
                        .object([
                            ("base_stat", .int(stat.base)),
                            ("effort", .int(stat.effort)),
                            ("stat", reference(stat.name, "stat", statIDs.id(for: stat.name))),
                        ])
                    })
            ),
            (
                "types",
                .array(
                    pokemon.types.enumerated().map { index, type in
                        .object([
                            ("slot", .int(index + 1)),
                            ("type", reference(type, "type", typeIDs.id(for: type))),
                        ])
                    })
            ),
            ("weight", .int(pokemon.weight)),
        ])
    }
}

/// Hands out stable numeric ids for named resources (abilities, types, …) referenced by URL.
struct ResourceRegistry {
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

    /// Every registered resource, by id.
    var entries: [(id: Int, name: String)] {
        idByName.map { (id: $0.value, name: $0.key) }.sorted { $0.id < $1.id }
    }

    func name(for id: Int) -> String? { idByName.first { $0.value == id }?.key }
}
