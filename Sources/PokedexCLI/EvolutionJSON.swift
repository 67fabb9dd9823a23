import JSONOutput
import PokedexStore

/// `--json`'s `evolution`: the chain as data (members, each with the species it evolves
/// from and every way there, conditions under PokeAPI's keys and in words), and each branch
/// as one line of text without layout.
enum EvolutionJSON {
    static func chain(_ chain: EvolutionChain) -> JSONValue {
        .object([
            ("chain_id", .int(chain.id)),
            ("baby_trigger_item", .optional(chain.babyTriggerItem)),
            ("lines", .array(EvolutionText.paths(chain).map(JSONValue.string))),
            ("members", .array(chain.members.map { member($0, names: chain.conditionNames) })),
        ])
    }

    private static func member(_ member: EvolutionMember, names: [String: String]) -> JSONValue {
        var texts: [String] = []
        for step in member.steps {
            let text = EvolutionConditionText.condition(step, names: names)
            if !text.isEmpty, !texts.contains(text) { texts.append(text) }
        }
        return .object([
            ("species", .string(member.speciesName)), ("display_name", .string(member.displayName)),
            ("default_form", .optional(member.defaultForm)), ("evolves_from", .optional(member.evolvesFrom)),
            ("is_baby", .bool(member.isBaby)), ("conditions", .array(texts.map(JSONValue.string))),
            ("steps", .array(member.steps.map { step($0, names: names) })),
        ])
    }

    /// One way of evolving: the conditions it has, under PokeAPI's `evolution_details` keys
    /// (absent ones are null), and the same in words.
    static func step(_ step: EvolutionStep, names: [String: String] = [:]) -> JSONValue {
        func flag(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }
        return .object([
            ("trigger", .optional(step.trigger)), ("min_level", .optional(step.minLevel)),
            ("item", .optional(step.item)), ("held_item", .optional(step.heldItem)),
            ("time_of_day", .optional(step.timeOfDay)), ("known_move", .optional(step.knownMove)),
            ("known_move_type", .optional(step.knownMoveType)), ("min_happiness", .optional(step.minHappiness)),
            ("min_affection", .optional(step.minAffection)), ("min_beauty", .optional(step.minBeauty)),
            ("location", .optional(step.location)), ("gender", .optional(step.gender)),
            ("needs_overworld_rain", flag(step.needsOverworldRain)), ("party_species", .optional(step.partySpecies)),
            ("party_type", .optional(step.partyType)),
            ("relative_physical_stats", .optional(step.relativePhysicalStats)),
            ("trade_species", .optional(step.tradeSpecies)), ("turn_upside_down", flag(step.turnUpsideDown)),
            ("used_move", .optional(step.usedMove)), ("min_move_count", .optional(step.minMoveCount)),
            ("min_steps", .optional(step.minSteps)), ("min_damage_taken", .optional(step.minDamageTaken)),
            ("near_special_rock", flag(step.nearSpecialRock)), ("needs_multiplayer", flag(step.needsMultiplayer)),
            ("region", .optional(step.region)), ("base_form", .optional(step.baseForm)),
            ("evolved_form", .optional(step.evolvedForm)), ("version_group", .optional(step.versionGroup)),
            ("text", .string(EvolutionConditionText.condition(step, names: names))),
        ])
    }
}
