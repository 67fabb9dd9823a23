/// The extra kinds (`FakeKind`) and the Pokémon's encounters as the fake serves them: list
/// pages, detail bodies with ETags and 304s, each counted by kind. Callers hold the lock.
extension FakePokeAPIBackend {
    func respondKind(_ kind: FakeKind, segments: [Substring], to request: RecordedRequest) -> ScriptedResponse {
        respondCounted(
            kind.name, segments: segments, to: request,
            list: {
                listPage(
                    query: $0, path: kind.name, entries: kind.entries.map { ($0.id, $0.name) }, pageCap: kind.pageCap)
            },
            detail: { kindDetail(kind, id: $0) },
            counters: (lists: \.kindLists, details: \.kindDetails, notModified: \.kindNotModified))
    }

    /// An entry's detail: its id, its name when it has one, text that must reach `get` intact
    /// (escapes, non-ASCII), and a link to itself. nil when the kind has no such id.
    func kindDetail(_ kind: FakeKind, id: Int) -> RenderedBody? {
        guard let entry = kind.entries.first(where: { $0.id == id }) else { return nil }
        let url = "\(origin)/api/v2/\(kind.name)/\(id)/"
        var members: [(String, OrderedJSON)] = [("id", .int(id))]
        if let name = entry.name { members.append(("name", .string(name))) }
        members += [
            (
                "flavor_text",
                .string("\(kind.name) n°\(id): “quoted”, \"escaped\",\ta tab, a\nline break — Pokémon ✓")
            ),
            ("self", .object([("url", .string(url))])),
        ]
        return Self.rendered(.object(members))
    }

    /// A Pokémon's encounters: those the fake was given, else `[]`.
    func encounters(ofPokemon id: Int) -> RenderedBody {
        let api = origin + "/api/v2"
        func reference(_ name: String, _ path: String) -> OrderedJSON {
            .object([("name", .string(name)), ("url", .string("\(api)/\(path)/"))])
        }
        return Self.rendered(
            .array(
                (extraEncounters[id] ?? []).map { encounter in
                    .object([
                        (
                            "location_area",
                            reference(encounter.locationArea, "location-area/\(encounter.locationAreaID)")
                        ),
                        (
                            "version_details",
                            .array([
                                .object([
                                    (
                                        "encounter_details",
                                        .array([
                                            .object([
                                                ("chance", .int(encounter.chance)),
                                                ("condition_values", .array([])),
                                                ("max_level", .int(encounter.maximumLevel)),
                                                ("method", reference(encounter.method, "encounter-method/1")),
                                                ("min_level", .int(encounter.minimumLevel)),
                                            ])
                                        ])
                                    ),
                                    ("max_chance", .int(encounter.chance)),
                                    ("version", reference("red", "version/1")),
                                ])
                            ])
                        ),
                    ])
                }))
    }
}
