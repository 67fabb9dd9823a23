import JSONOutput
import PokedexStore

/// `--json`'s encounters: each as PokeAPI's slugs name it.
enum EncounterJSON {
    /// `{"location_area", "version", "method", "min_level", "max_level", "chance", "conditions"}`.
    static func encounter(_ encounter: WildEncounter) -> JSONValue {
        .object([
            ("location_area", .string(encounter.locationArea)), ("version", .string(encounter.version)),
            ("method", .string(encounter.method)), ("min_level", .optional(encounter.minLevel)),
            ("max_level", .optional(encounter.maxLevel)), ("chance", .optional(encounter.chance)),
            ("conditions", .array(encounter.conditions.map(JSONValue.string))),
        ])
    }
}
