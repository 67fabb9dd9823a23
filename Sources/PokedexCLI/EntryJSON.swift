import JSONOutput
import PokedexStore

/// `--json` shapes of the entry. Keys never change with the language (docs/json.md).
enum EntryJSON {
    static func multiplierGroups(_ groups: [(TypeMatchups.Multiplier, [NamedType])]) -> JSONValue {
        .object(groups.map { ($0.0.key, .array($0.1.map { .string($0.name) })) })
    }

    static func names(_ types: [NamedType]) -> JSONValue {
        .array(types.map { .object([("name", .string($0.name)), ("display_name", .string($0.displayName))]) })
    }

    static func listed(_ pokemon: ListedPokemon) -> JSONValue {
        guard case .object(let members) = PokemonJSON.summary(pokemon.summary) else { return .null }
        return .object(
            members + [
                ("pokedex_number", .optional(pokemon.pokedexNumber)), ("form", .optional(pokemon.form)),
                ("display_name", .string(pokemon.displayName)), ("generation", .optional(pokemon.generation)),
                ("type_names", .array(pokemon.typeNames.map(JSONValue.string))),
            ])
    }

    /// Per image kind: whether its PNG is stored, its size and the URL the body gives.
    static func images(_ images: [StoredImageState]) -> JSONValue {
        .object(
            images.map { image in
                (
                    image.kind.rawValue,
                    .object([
                        ("stored", .bool(image.isStored)), ("byte_size", .optional(image.byteSize)),
                        ("url", .optional(image.linkedURL)), ("missing", .bool(image.isMissing)),
                    ])
                )
            })
    }

    static func entry(_ entry: PokedexEntry, images: [StoredImageState]) -> JSONValue {
        guard case .object(let members) = PokemonJSON.profile(entry.profile) else { return .null }
        let species = entry.species
        return .object(
            members + [
                ("language", .string(entry.language)),
                ("number", .string(EntryText.number(entry))),
                ("pokedex_number", .optional(entry.pokedexNumber)),
                ("form", .optional(entry.form)),
                ("display_name", .string(entry.displayName)),
                ("form_display_name", .optional(entry.formDisplayName)),
                ("genus", .optional(entry.genus)),
                ("generation", .optional(species?.generation)),
                ("type_names", names(entry.types)),
                (
                    "ability_details",
                    .array(
                        entry.abilities.map { ability in
                            .object([
                                ("name", .string(ability.name)), ("display_name", .string(ability.displayName)),
                                ("hidden", .bool(ability.isHidden)), ("slot", .int(ability.slot)),
                                ("short_effect", .optional(ability.shortEffect)),
                            ])
                        })
                ),
                (
                    "flavor_text",
                    entry.flavorText.map { flavor in
                        .object([
                            ("text", .string(flavor.text)), ("version", .string(flavor.version)),
                            ("language", .string(flavor.language)),
                        ])
                    } ?? .null
                ),
                ("evolution", entry.evolution.map(EvolutionJSON.chain) ?? .null),
                ("defense", multiplierGroups(entry.defense)),
                ("stats_total", .optional(PokemonText.statsTotal(entry.profile.stats))),
                ("gender_rate", .optional(species?.genderRate)),
                ("capture_rate", .optional(species?.captureRate)),
                ("egg_groups", .array((species?.eggGroups ?? []).map(JSONValue.string))),
                ("is_legendary", .bool(species?.isLegendary ?? false)),
                ("is_mythical", .bool(species?.isMythical ?? false)),
                ("is_baby", .bool(species?.isBaby ?? false)),
                ("varieties", .array(entry.otherVarieties.map(JSONValue.string))),
                (
                    "forms",
                    .array(
                        entry.forms.map {
                            .object([("name", .string($0.name)), ("display_name", .string($0.displayName))])
                        })
                ),
                (
                    "also_named",
                    .array(
                        entry.alsoNamed.map { other in
                            .object([
                                ("name", .string(other.pokemon)), ("display_name", .string(other.displayName)),
                                ("languages", .array(other.languages.map(JSONValue.string))),
                            ])
                        })
                ),
                ("images", Self.images(images)),
                ("moves", entry.learnset.map(Self.learnset) ?? .null),
                ("encounters", .array((entry.whereFound?.encounters ?? []).map(EncounterJSON.encounter))),
            ])
    }

    /// `{"version_group", "learnset": [{"move", "method", "level"}]}`.
    static func learnset(_ learnset: Learnset) -> JSONValue {
        .object([
            ("version_group", .string(learnset.versionGroup)),
            (
                "learnset",
                .array(
                    learnset.moves.map { move in
                        .object([
                            ("move", .string(move.move)), ("method", .string(move.method)), ("level", .int(move.level)),
                        ])
                    })
            ),
        ])
    }

    static func type(_ entry: TypeEntry) -> JSONValue {
        .object([
            ("name", .string(entry.type.name)), ("display_name", .string(entry.type.displayName)),
            ("generation", .optional(entry.generation)), ("has_details", .bool(entry.hasDetails)),
            ("damage_dealt", multiplierGroups(entry.damageDealt)),
            ("damage_taken", multiplierGroups(entry.damageTaken)),
            ("pokemon", .array(entry.pokemon.map(listed))),
        ])
    }

    static func ability(_ entry: AbilityEntry) -> JSONValue {
        .object([
            ("name", .string(entry.name)), ("display_name", .string(entry.displayName)),
            ("generation", .optional(entry.generation)), ("short_effect", .optional(entry.shortEffect)),
            ("effect", .optional(entry.effect)), ("flavor_text", MoveJSON.gameText(entry.gameText)),
            (
                "pokemon",
                .array(
                    entry.pokemon.map { item in
                        guard case .object(let members) = listed(item.pokemon) else { return .null }
                        return .object(members + [("hidden", .bool(item.isHidden))])
                    })
            ),
        ])
    }
}
