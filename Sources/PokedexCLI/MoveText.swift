import JSONOutput
import PokedexStore
import TextUtilities

/// `move`'s entry: its data in one line, effect, game text, machines, and who learns it.
enum MoveText {
    static func entry(_ entry: MoveEntry, layout: TerminalLayout) -> DisplayText {
        var lines = FieldLines(width: layout.width)
        lines.add(EntryText.heading(entry.displayName, slug: entry.name))
        if let type = entry.type {
            let damageClass = (entry.damageClassName ?? entry.damageClass).map { " · \($0)" } ?? ""
            lines.field("Type", EntryText.types([type]) + StyledText(damageClass))
        }
        let numbers = [
            entry.power.map { "power \($0)" }, entry.accuracy.map { "accuracy \($0)%" }, entry.pp.map { "PP \($0)" },
            entry.priority.flatMap { $0 == 0 ? nil : "priority \($0 > 0 ? "+" : "")\($0)" },
            entry.effectChance.map { "effect chance \($0)%" },
        ].compactMap { $0 }
        if !numbers.isEmpty { lines.field("Data", numbers.joined(separator: " · ")) }
        if let target = entry.target { lines.field("Target", entry.targetName ?? SlugText.readable(target)) }
        if let effect = entry.shortEffect { lines.field("Effect", effect) }
        if let text = entry.gameText { lines.field("Game text", "\(text.text) (\(text.groupName))") }
        if !entry.machines.isEmpty { lines.field("Machines", machines(entry)) }
        if let group = entry.groupName, !entry.groupHasLearnsets {
            lines.field("Learned by", "\(group): no learnsets of that game are stored")
        } else if let group = entry.groupName, let slug = entry.versionGroup {
            lines.field(
                "Learned by",
                learners(entry.learners, group: (slug, group), move: entry.name, methodNames: entry.methodNames))
        } else {
            lines.field("Learned by", "no stored Pokémon")
        }
        return layout.render(lines.lines)
    }

    /// "TM24 (Red/Green to Yellow, Ruby/Sapphire to Ultra Sun/Ultra Moon), TR08 (Sword/Shield)":
    /// games in a row teaching it by one machine are one range, which a game where that machine
    /// taught another move ends (Gold/Silver, where TM24 was DragonBreath).
    static func machines(_ entry: MoveEntry) -> String {
        let byGame = Dictionary(entry.machines.map { ($0.versionGroup, $0) }, uniquingKeysWith: { first, _ in first })
        var games: [(label: String?, groupName: String)] = []
        var running: String?
        for game in entry.machineGames {
            if let machine = byGame[game.versionGroup] {
                games.append((machine.itemName, game.groupName))
                running = machine.item
            } else if let item = running, entry.itemsTeachingOtherMoves[game.versionGroup]?.contains(item) == true {
                games.append((nil, game.groupName))
                running = nil
            }
        }
        return GameRuns.text(games)
    }

    /// "Scarlet/Violet: by level Pikachu Lv 1, …; by machine 143 Pokémon (`list --learns …
    /// --game scarlet-violet`, the command that lists those counted)": "Lv" rather than
    /// parentheses, which a form's name already has ("Raichu (Alola) Lv 5").
    static func learners(
        _ learners: [MoveEntry.Learner], group: (slug: String, name: String), move: String,
        methodNames: [String: String] = [:]
    ) -> String {
        var parts: [String] = []
        let byLevel = learners.filter { $0.method == "level-up" }
        if !byLevel.isEmpty {
            // Minior's seven meteors share one Japanese name: each says its slug.
            let names = DistinctNames.of(byLevel.map { (EntryText.name($0.pokemon), $0.pokemon.summary.name) })
            parts.append(
                "by level "
                    + zip(byLevel, names).map { learner, name in
                        learner.level == 0
                            ? LineWrapping.unbroken(name, "on", "evolution")
                            : LineWrapping.unbroken(name, "Lv", "\(learner.level)")
                    }
                    .joined(separator: ", "))
        }
        var others: [(method: String, count: Int)] = []
        for learner in learners where learner.method != "level-up" {
            if others.last?.method == learner.method {
                others[others.count - 1].count += 1
            } else {
                others.append((learner.method, 1))
            }
        }
        parts += others.map { "by \(LearnMethodText.phrase($0.method, names: methodNames)) \($0.count) Pokémon" }
        // The command unbroken, so that it can be copied from one line.
        let command = LineWrapping.unbroken("pokedex", "list", "--learns", move, "--game", group.slug)
        let whole = others.isEmpty ? "" : " (\(command) lists them)"
        return group.name + ": " + (parts.isEmpty ? "none" : parts.joined(separator: "; ")) + whole
    }
}

/// `move --json`: the move under PokeAPI's keys, and every learner of the chosen group.
enum MoveJSON {
    static func entry(_ entry: MoveEntry) -> JSONValue {
        .object([
            ("name", .string(entry.name)), ("display_name", .string(entry.displayName)),
            ("type", .optional(entry.type?.name)), ("damage_class", .optional(entry.damageClass)),
            ("power", .optional(entry.power)), ("accuracy", .optional(entry.accuracy)), ("pp", .optional(entry.pp)),
            ("priority", .optional(entry.priority)), ("target", .optional(entry.target)),
            ("effect_chance", .optional(entry.effectChance)), ("generation", .optional(entry.generation)),
            ("short_effect", .optional(entry.shortEffect)), ("effect", .optional(entry.effect)),
            ("flavor_text", gameText(entry.gameText)),
            (
                "machines",
                .array(
                    entry.machines.map {
                        .object([("version_group", .string($0.versionGroup)), ("item", .string($0.item))])
                    })
            ),
            ("version_group", .optional(entry.versionGroup)),
            ("learnsets_stored", .bool(entry.versionGroup != nil && entry.groupHasLearnsets)),
            (
                "learned_by",
                .array(
                    entry.learners.map { learner in
                        guard case .object(let members) = EntryJSON.listed(learner.pokemon) else { return .null }
                        return .object(members + [("method", .string(learner.method)), ("level", .int(learner.level))])
                    })
            ),
        ])
    }

    /// `{"text", "version_group"}`, or null.
    static func gameText(_ text: MoveEntry.GameText?) -> JSONValue {
        text.map { .object([("text", .string($0.text)), ("version_group", .string($0.versionGroup))]) } ?? .null
    }
}
