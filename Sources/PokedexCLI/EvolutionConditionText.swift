import PokedexStore
import TextUtilities

/// Ways of evolving in words: "level 16", "Thunder Stone, in Alola", "trade, holding Metal
/// Coat", "using Rage Fist 20 times", "near a special rock at Eterna Forest or Twist Mountain".
enum EvolutionConditionText {
    /// The ways of one arrow, "or" between them; ways that differ only in the place are
    /// one way with the places listed. Ways are set off with "; or " where one of them names
    /// places or has several conditions: "a, b or c, d" would read as three ways, and "level up
    /// at Mount Lanakila or Ice Stone" as two places.
    static func alternatives(_ steps: [EvolutionStep], names: [String: String] = [:]) -> String {
        var ways: [(words: String, locations: [String])] = []
        for step in steps {
            var placeless = step
            placeless.location = nil
            let words = condition(placeless, names: names)
            let location = step.location.map { named("location", $0, names) }
            if let index = ways.firstIndex(where: { $0.words == words && ($0.locations.isEmpty == (location == nil)) })
            {
                if let location, !ways[index].locations.contains(location) { ways[index].locations.append(location) }
            } else {
                ways.append((words, location.map { [$0] } ?? []))
            }
        }
        let texts = ways.map { way -> String in
            guard !way.locations.isEmpty else { return way.words }
            let places = "at " + list(way.locations)
            return way.words.isEmpty || way.words == "level up" ? "level up \(places)" : "\(way.words) \(places)"
        }.filter { !$0.isEmpty }
        let setOff =
            ways.contains { !$0.locations.isEmpty } || texts.contains { $0.contains(" or ") || $0.contains(", ") }
        return texts.joined(separator: setOff ? "; or " : " or ")
    }

    /// "A", "A or B", "A, B or C".
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    /// One way of evolving, every condition it has in words (the games it applies to aside:
    /// `--json` has them).
    static func condition(_ step: EvolutionStep, names: [String: String] = [:]) -> String {
        var parts = trigger(step, names: names)
        if let item = step.item { parts.append(named("item", item, names)) }
        if let held = step.heldItem { parts.append("holding \(named("item", held, names))") }
        if step.minHappiness != nil { parts.append("high friendship") }
        if step.minAffection != nil { parts.append("high affection") }
        if step.minBeauty != nil { parts.append("high beauty") }
        if let time = step.timeOfDay { parts.append(time.replacing("-", with: " ")) }
        if let move = step.knownMove { parts.append("knowing \(named("move", move, names))") }
        if let type = step.knownMoveType { parts.append("knowing a \(named("type", type, names)) move") }
        if let steps = step.minSteps { parts.append("after \(Quantities.thousands(steps)) steps") }
        if step.nearSpecialRock == true { parts.append("near a special rock") }
        if let location = step.location { parts.append("at \(named("location", location, names))") }
        if let gender = step.gender { parts.append(gender == 1 ? "female" : "male") }
        if step.needsOverworldRain == true { parts.append("in rain") }
        if let species = step.partySpecies { parts.append("with \(SlugText.readable(species)) in the party") }
        if let type = step.partyType { parts.append("with a \(named("type", type, names)) type in the party") }
        if let relative = step.relativePhysicalStats {
            parts.append(relative > 0 ? "Attack > Defense" : relative < 0 ? "Attack < Defense" : "Attack = Defense")
        }
        if step.turnUpsideDown == true { parts.append("console upside down") }
        if step.needsMultiplayer == true { parts.append("with another player") }
        if let region = step.region { parts.append("in \(named("region", region, names))") }
        if parts.isEmpty, step.trigger == "level-up" { parts.append("level up") }
        return parts.joined(separator: ", ")
    }

    /// A slug's display name from a chain's ``EvolutionChain/conditionNames``, else its words.
    static func named(_ kind: String, _ slug: String, _ names: [String: String]) -> String {
        names["\(kind)/\(slug)"] ?? SlugText.readable(slug)
    }

    /// What the trigger itself asks, with the counts that belong to it (level, moves used,
    /// damage taken).
    private static func trigger(_ step: EvolutionStep, names: [String: String]) -> [String] {
        let level = step.minLevel.map { "level \($0)" }
        let damage = step.minDamageTaken.map(Quantities.thousands)
        switch step.trigger {
        // "other" says nothing a player can act on (Maushold: level 25, whichever family it gets).
        case "level-up"?, "use-item"?, "other"?, nil:
            return [level, damage.map { "after taking \($0) HP of damage" }].compactMap { $0 }
        case "trade"?:
            return [step.tradeSpecies.map { "trade for \(SlugText.readable($0))" } ?? "trade"]
        case "shed"?:
            return ["shed into a free party slot, with a spare Poké Ball"]
        case "take-damage"?:
            return ["after taking \(damage ?? "some") HP of damage"]
        case "recoil-damage"?:
            return ["after \(damage ?? "some") HP of recoil damage"]
        case let trigger? where trigger == "use-move" || trigger.hasSuffix("-style-move"):
            let move = step.usedMove.map { named("move", $0, names) } ?? "a move"
            let times = step.minMoveCount.map { " \(Quantities.thousands($0)) times" } ?? ""
            let style =
                trigger == "use-move"
                ? "" : " in \(SlugText.readable(String(trigger.dropLast("-style-move".count)))) Style"
            return ["using \(move)\(times)\(style)"]
        case let other?:
            return [SlugText.readable(other), level].compactMap { $0 }
        }
    }
}
