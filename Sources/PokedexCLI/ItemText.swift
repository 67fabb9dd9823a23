import JSONOutput
import PokedexStore
import TextUtilities

/// `item`'s entry: category and cost, the moves a machine teaches, effect, game text, holders
/// and evolutions.
enum ItemText {
    static func entry(_ entry: ItemEntry, layout: TerminalLayout) -> DisplayText {
        var lines = FieldLines(width: layout.width)
        lines.add(EntryText.heading(entry.displayName, slug: entry.name))
        if let category = entry.category { lines.field("Category", entry.categoryName ?? SlugText.readable(category)) }
        if entry.prices.contains(where: { ($0.purchase ?? 0) > 0 }) {
            lines.field("Cost", prices(entry, \.purchase))
        } else if let cost = Self.price(entry.cost) {
            lines.field("Cost", cost)
        }
        if entry.prices.contains(where: { ($0.sell ?? 0) > 0 }) { lines.field("Sells for", prices(entry, \.sell)) }
        if let power = entry.flingPower {
            lines.field(
                "Fling", "power \(power)" + (entry.flingEffect.map { ", \(SlugText.readable($0).lowercased())" } ?? ""))
        }
        if !entry.teaches.isEmpty {
            lines.field("Teaches", GameRuns.text(entry.teaches.map { ($0.moveName, $0.groupName) }))
        }
        if let effect = entry.shortEffect { lines.field("Effect", effect) }
        if let text = entry.gameText { lines.field("Game text", "\(text.text) (\(text.groupName))") }
        let evolutions = evolutions(entry)
        if !evolutions.isEmpty {
            lines.field("Evolves", evolutions.map { LineWrapping.unbroken($0.text) }.joined(separator: ", "))
        }
        if !entry.holders.isEmpty { lines.field("Held by", lines: holders(entry).map { StyledText($0) }) }
        return layout.render(lines.lines)
    }

    /// One of the item's prices per game, equal ones in a row as one run: "₽1,200 (Red/Green to
    /// Omega Ruby/Alpha Sapphire), ₽800 (Sun/Moon)", a game it is not sold in ending a run.
    static func prices(_ entry: ItemEntry, _ amount: KeyPath<ItemEntry.Price, Int?>) -> String {
        let byGame = Dictionary(entry.prices.map { ($0.versionGroup, $0) }, uniquingKeysWith: { first, _ in first })
        return GameRuns.text(
            entry.pricedGames.map { game in
                (byGame[game.versionGroup].flatMap { price($0[keyPath: amount]) }, game.groupName)
            })
    }

    /// "₽1,200"; nil for none or 0 (not sold, or not bought).
    static func price(_ amount: Int?) -> String? {
        amount.flatMap { $0 > 0 ? "₽\(Quantities.thousands($0))" : nil }
    }

    /// The Pokémon the item evolves, chain after chain, for the text and `--json` alike.
    static func evolutions(_ entry: ItemEntry) -> [EvolutionText.ItemEvolution] {
        entry.evolutionChains.flatMap { EvolutionText.evolutions(usingItem: entry.name, in: $0) }
    }

    /// "Poliwhirl, Slowpoke: 5% (Ruby/Sapphire to Ultra Sun/Ultra Moon)": each Pokémon once, its
    /// chances with the games they hold in, the Pokémon whose chances and games are the same on
    /// one line, a name two of them share with its slug.
    static func holders(_ entry: ItemEntry) -> [String] {
        var holders: [(name: String, slug: String)] = []
        var chances: [String: [String: Set<Int>]] = [:]
        for holder in entry.holders {
            if chances[holder.pokemon] == nil {
                holders.append((EntryText.name(holder.displayName, form: holder.form), holder.pokemon))
            }
            chances[holder.pokemon, default: [:]][holder.versionGroup, default: []].formUnion(
                holder.rarity.map { [$0] } ?? [])
        }
        var lines: [(games: String, names: [String])] = []
        for (name, pokemon) in zip(DistinctNames.of(holders), holders.map(\.slug)) {
            let games = GameRuns.text(
                entry.heldGames.map { game in
                    let percents = chances[pokemon]?[game.versionGroup].map { $0.sorted().map { "\($0)%" } }
                    // A chance PokeAPI leaves out still names the game the Pokémon holds it in.
                    return (percents.map { $0.isEmpty ? "held" : $0.joined(separator: "/") }, game.groupName)
                })
            if let index = lines.firstIndex(where: { $0.games == games }) {
                lines[index].names.append(LineWrapping.unbroken(name))
            } else {
                lines.append((games, [LineWrapping.unbroken(name)]))
            }
        }
        return lines.map { $0.names.joined(separator: ", ") + ": \($0.games)" }
    }
}

/// `item --json`.
enum ItemJSON {
    static func entry(_ entry: ItemEntry) -> JSONValue {
        .object([
            ("name", .string(entry.name)), ("display_name", .string(entry.displayName)),
            ("category", .optional(entry.category)), ("cost", .optional(entry.cost)),
            (
                "prices",
                .array(
                    entry.prices.map {
                        .object([
                            ("version_group", .string($0.versionGroup)), ("purchase_price", .optional($0.purchase)),
                            ("sell_price", .optional($0.sell)),
                        ])
                    })
            ),
            ("fling_power", .optional(entry.flingPower)), ("fling_effect", .optional(entry.flingEffect)),
            ("short_effect", .optional(entry.shortEffect)), ("effect", .optional(entry.effect)),
            ("flavor_text", MoveJSON.gameText(entry.gameText)),
            (
                "teaches",
                .array(
                    entry.teaches.map {
                        .object([("version_group", .string($0.versionGroup)), ("move", .string($0.move))])
                    })
            ),
            (
                "held_by",
                .array(
                    entry.holders.map {
                        .object([
                            ("pokemon", .string($0.pokemon)), ("version", .string($0.version)),
                            ("rarity", .optional($0.rarity)),
                        ])
                    })
            ),
            (
                "evolutions",
                .array(
                    ItemText.evolutions(entry).map {
                        .object([
                            ("species", .string($0.species)), ("form", .optional($0.form)), ("held", .bool($0.held)),
                            ("text", .string($0.text)),
                        ])
                    })
            ),
        ])
    }
}
