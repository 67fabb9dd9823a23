import Foundation

/// The Pokédex entry's resources, generated consistently with the served Pokémon: every type,
/// ability and species their bodies reference, and evolution chains grouping species in id
/// order, three by three up to 9 (bulbasaur's, charmander's, squirtle's lines), then four by four
/// (10–13, 14–17, …, 22–25 ending at pikachu), each a straight line from its lowest id. Routes: `/api/v2/{type,ability,pokemon-species,evolution-chain}/`
/// (lists) and `…/{id}/` (details), with ETags and 304s like the Pokémon's. Callers hold the lock.
extension FakePokeAPIBackend {
    /// The entry resources' path segments, as the URLs in the bodies name them.
    static let entryResources: Set<String> = ["type", "ability", "pokemon-species", "evolution-chain"]

    func entryList(_ resource: String) -> [(id: Int, name: String)] {
        switch resource {
        case "type": return typeIDs.entries
        case "ability": return abilityIDs.entries
        case "pokemon-species": return speciesIDs.entries
        default:
            let chains = Set(speciesIDs.entries.map { Self.chainID(ofSpecies: $0.id) }).sorted()
            return chains.map { (id: $0, name: "") }
        }
    }

    func entryDetail(_ resource: String, id: Int) -> RenderedBody? {
        let json: OrderedJSON?
        switch resource {
        case "type": json = typeIDs.name(for: id).map { typeJSON(id: id, name: $0) }
        case "ability": json = abilityIDs.name(for: id).map { abilityJSON(id: id, name: $0) }
        case "pokemon-species": json = speciesIDs.name(for: id).map { speciesJSON(id: id, name: $0) }
        default: json = chainMembers(id).isEmpty ? nil : chainJSON(id: id)
        }
        return json.map(Self.rendered)
    }

    static func chainID(ofSpecies id: Int) -> Int { id <= 9 ? (id - 1) / 3 + 1 : 4 + (id - 10) / 4 }

    /// The chain's species, by id.
    func chainMembers(_ chainID: Int) -> [(id: Int, name: String)] {
        speciesIDs.entries.filter { Self.chainID(ofSpecies: $0.id) == chainID }
    }

    private func reference(_ name: String, _ kind: String, _ id: Int) -> OrderedJSON {
        .object([("name", .string(name)), ("url", .string("\(origin)/api/v2/\(kind)/\(id)/"))])
    }

    private func language(_ code: String) -> OrderedJSON { reference(code, "language", code == "en" ? 9 : 1) }

    private static func displayName(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    private func typeJSON(id: Int, name: String) -> OrderedJSON {
        let all = typeIDs.entries
        let index = all.firstIndex { $0.id == id } ?? 0
        func other(_ step: Int) -> [OrderedJSON] {
            guard all.count > 3 else { return [] }
            let target = all[(index + step) % all.count]
            return [reference(target.name, "type", target.id)]
        }
        return .object([
            (
                "damage_relations",
                .object([
                    ("double_damage_from", .array([])),
                    ("double_damage_to", .array(other(1))),
                    ("half_damage_from", .array([])),
                    ("half_damage_to", .array(other(2))),
                    ("no_damage_from", .array([])),
                    ("no_damage_to", .array(index.isMultiple(of: 5) ? other(3) : [])),
                ])
            ),
            ("game_indices", .array([])),
            ("generation", reference("generation-i", "generation", 1)),
            ("id", .int(id)),
            ("move_damage_class", reference(index.isMultiple(of: 2) ? "physical" : "special", "move-damage-class", 2)),
            ("moves", .array([])),
            ("name", .string(name)),
            ("names", .array([.object([("language", language("en")), ("name", .string(Self.displayName(name)))])])),
            ("past_damage_relations", .array([])),
            ("pokemon", .array([])),
        ])
    }

    private func abilityJSON(id: Int, name: String) -> OrderedJSON {
        .object([
            ("effect_changes", .array([])),
            (
                "effect_entries",
                .array([
                    .object([
                        ("effect", .string("\(Self.displayName(name)) does something.\n\nAt length.")),
                        ("language", language("en")),
                        ("short_effect", .string("\(Self.displayName(name)) does something.")),
                    ])
                ])
            ),
            ("flavor_text_entries", .array([])),
            ("generation", reference("generation-iii", "generation", 3)),
            ("id", .int(id)),
            ("is_main_series", .bool(true)),
            ("name", .string(name)),
            ("names", .array([.object([("language", language("en")), ("name", .string(Self.displayName(name)))])])),
            ("pokemon", .array([])),
        ])
    }

    private func speciesJSON(id: Int, name: String) -> OrderedJSON {
        let chain = Self.chainID(ofSpecies: id)
        let members = chainMembers(chain)
        let position = members.firstIndex { $0.id == id } ?? 0
        let previous: OrderedJSON =
            position > 0 ? reference(members[position - 1].name, "pokemon-species", members[position - 1].id) : .null
        let varieties = sortedIDs.compactMap { pokemonByID[$0] }.filter { $0.speciesName == name }
        return .object([
            ("base_happiness", .int(50)),
            ("capture_rate", .int(45 + id % 200)),
            ("color", reference("green", "pokemon-color", 5)),
            ("egg_groups", .array([reference("monster", "egg-group", 1)])),
            ("evolution_chain", .object([("url", .string("\(origin)/api/v2/evolution-chain/\(chain)/"))])),
            ("evolves_from_species", previous),
            (
                "flavor_text_entries",
                .array([
                    .object([
                        (
                            "flavor_text",
                            .string("\(Self.displayName(name)) lives\nin tall gr\u{AD}\nass.\u{0C}It is fake.")
                        ),
                        ("language", language("en")),
                        ("version", reference("red", "version", 1)),
                    ])
                ])
            ),
            ("gender_rate", .int(id % 9)),
            ("genera", .array([.object([("genus", .string("Fake Pokémon")), ("language", language("en"))])])),
            ("generation", reference("generation-i", "generation", 1)),
            ("growth_rate", reference("medium-slow", "growth-rate", 4)),
            ("habitat", .null),
            ("hatch_counter", .int(20)),
            ("id", .int(id)),
            ("is_baby", .bool(false)),
            ("is_legendary", .bool(false)),
            ("is_mythical", .bool(false)),
            ("name", .string(name)),
            ("names", .array([.object([("language", language("en")), ("name", .string(Self.displayName(name)))])])),
            ("order", .int(id)),
            ("shape", reference("quadruped", "pokemon-shape", 8)),
            (
                "varieties",
                .array(
                    varieties.map { pokemon in
                        .object([
                            ("is_default", .bool(pokemon.id < 10_000)),
                            ("pokemon", reference(pokemon.name, "pokemon", pokemon.id)),
                        ])
                    })
            ),
        ])
    }

    private func chainJSON(id: Int) -> OrderedJSON {
        let members = chainMembers(id)
        func link(_ index: Int) -> OrderedJSON {
            let member = members[index]
            let details: [OrderedJSON] =
                index == 0
                ? []
                : [
                    .object([
                        ("gender", .null), ("held_item", .null), ("item", .null), ("known_move", .null),
                        ("min_level", .int(16 * index)), ("needs_overworld_rain", .bool(false)),
                        ("time_of_day", .string("")), ("trigger", reference("level-up", "evolution-trigger", 1)),
                        ("turn_upside_down", .bool(false)),
                    ])
                ]
            return .object([
                ("evolution_details", .array(details)),
                ("evolves_to", .array(index + 1 < members.count ? [link(index + 1)] : [])),
                ("is_baby", .bool(false)),
                ("species", reference(member.name, "pokemon-species", member.id)),
            ])
        }
        return .object([("baby_trigger_item", .null), ("chain", link(0)), ("id", .int(id))])
    }
}
