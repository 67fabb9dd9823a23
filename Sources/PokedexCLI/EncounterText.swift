import PokedexStore
import TextUtilities

/// `show`'s "Where": the places a Pokémon is met in one version group's games, each with its
/// ways, levels and best chance (`--json` lists every encounter of every game). The first
/// six places are named: a Pokémon met in dozens of dens would fill the screen.
enum EncounterText {
    static func summary(_ found: WhereFound) -> String {
        guard !found.places.isEmpty else { return "\(found.groupName): not in the wild" }
        let shown = found.places.prefix(6).map {
            place($0.displayName, methods: $0.methods, levels: ($0.minLevel, $0.maxLevel), chance: $0.chance)
        }.joined(separator: ", ")
        let more = found.places.count - 6
        guard more > 0 else { return found.groupName + ": " + shown }
        return found.groupName + ": " + shown
            + "; \(Quantities.counted(more, "more place")) "
            + LineWrapping.unbroken("(--json lists \(more == 1 ? "it" : "them"))")
    }

    /// "Viridian Forest (walk, Lv 3–5, 5%)", "Pikachu (walk, Lv 3–5, 5%)": unbroken, so that a
    /// line of them breaks between places, not inside one's ways.
    static func place(_ name: String, methods: [String], levels: (Int?, Int?), chance: Int?) -> String {
        var details = methods.map { SlugText.readable($0).lowercased() }
        if let levels = self.levels(levels.0, levels.1) { details.append(levels) }
        if let chance { details.append("\(chance)%") }
        return LineWrapping.unbroken(name + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
    }

    static func levels(_ low: Int?, _ high: Int?) -> String? {
        switch (low, high) {
        case (let low?, let high?) where low != high: LineWrapping.unbroken("Lv", "\(low)–\(high)")
        case (let level?, _), (nil, let level?): LineWrapping.unbroken("Lv", "\(level)")
        case (nil, nil): nil
        }
    }
}
