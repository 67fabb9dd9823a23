import JSONOutput
import PokedexStore
import TextUtilities

/// `--json` shapes. Keys and their order are part of the interface (docs/json.md).
enum PokemonJSON {
    static func summary(_ summary: PokemonSummary) -> JSONValue {
        .object(summaryMembers(summary))
    }

    static func profile(_ profile: PokemonProfile) -> JSONValue {
        .object(
            summaryMembers(profile.summary) + [
                ("has_details", .bool(profile.hasDetails)),
                ("height", .optional(profile.height)),
                ("weight", .optional(profile.weight)),
                ("base_experience", .optional(profile.baseExperience)),
                ("order", .optional(profile.order)),
                ("species", .optional(profile.speciesName)),
                (
                    "abilities",
                    .array(
                        profile.abilities.map { ability in
                            .object([
                                ("name", .string(ability.name)), ("hidden", .bool(ability.isHidden)),
                                ("slot", .int(ability.slot)),
                            ])
                        })
                ),
                (
                    "stats",
                    .array(
                        profile.stats.map { stat in
                            .object([
                                ("name", .string(stat.name)), ("base_stat", .int(stat.baseStat)),
                                ("effort", .int(stat.effort)),
                            ])
                        })
                ),
            ])
    }

    private static func summaryMembers(_ summary: PokemonSummary) -> [(String, JSONValue)] {
        [
            ("id", .int(summary.id)),
            ("name", .string(summary.name)),
            ("url", .string(summary.url)),
            ("types", .array(summary.types.map(JSONValue.string))),
            ("artwork_url", .string(summary.artwork.url)),
            ("artwork_derived", .bool(summary.artwork.derived)),
        ]
    }
}

/// Text for people at a terminal.
enum PokemonText {
    static func profile(_ profile: PokemonProfile) -> DisplayText {
        let summary = profile.summary
        var lines: [DisplayText] = ["#\(summary.id) \(summary.name)"]
        func field(_ label: String, _ value: String) {
            lines.append("\(label.padding(to: 12))\(value)")
        }
        guard profile.hasDetails else {
            field("Artwork", summary.artwork.url + " (derived)")
            lines.append("Details not synced yet: run `pokedex sync` to fetch them.")
            return lines.joined(separator: "\n")
        }
        field("Types", summary.types.joined(separator: ", "))
        if let height = profile.height { field("Height", decimal(height, unit: "m")) }
        if let weight = profile.weight { field("Weight", decimal(weight, unit: "kg")) }
        if let experience = profile.baseExperience { field("Base exp.", String(experience)) }
        if let species = profile.speciesName { field("Species", species) }
        field(
            "Abilities",
            profile.abilities.map { $0.name + ($0.isHidden ? " (hidden)" : "") }
                .joined(separator: ", "))
        field("Artwork", summary.artwork.url + (summary.artwork.derived ? " (derived)" : ""))
        lines += statLines(profile.stats, width: TerminalLayout.defaultWidth).map { $0.rendered(nil) }
        return lines.joined(separator: "\n")
    }

    /// "Base stats", a line per stat with its value right-aligned and a bar of a block per
    /// five points (fewer where the width is short), in its band's colour, and their Total;
    /// none without stats. Stats are named from `displayNames` (`stat/special-attack`) where
    /// stored, else by their slugs' words.
    static func statLines(_ stats: [PokemonDetails.Stat], width: Int, names displayNames: [String: String] = [:])
        -> [StyledText]
    {
        guard !stats.isEmpty else { return [] }
        let names = stats.map {
            TerminalText.sanitize(displayNames["stat/\($0.name)"] ?? SlugText.readable($0.name))
        }
        let nameWidth = names.map { TerminalColumns.of($0) }.max() ?? 0
        func line(_ name: String, _ value: String) -> StyledText {
            StyledText(
                "  " + name + String(repeating: " ", count: max(1, nameWidth + 2 - TerminalColumns.of(name)))
                    + String(repeating: " ", count: max(0, 3 - value.count)) + value)
        }
        let barRoom = min(maximumBar, width - 2 - (nameWidth + 2) - 3 - 2)
        var lines: [StyledText] = [StyledText("Base stats", .heading)]
        for (name, stat) in zip(names, stats) {
            let points = min(255, max(0, stat.baseStat))
            let blocks = barRoom > 0 ? (points * barRoom + 254) / 255 : 0
            lines.append(
                line(name, String(stat.baseStat))
                    + (blocks > 0 ? "  " + StyledText(String(repeating: "█", count: blocks), .stat(stat.baseStat)) : "")
            )
        }
        lines.append(line("Total", statsTotal(stats).map(String.init) ?? "out of range"))
        return lines
    }

    /// The bar of the highest base stat (255), a block per five points.
    private static let maximumBar = 51

    /// The base stats' total, nil without stats or when it overflows.
    static func statsTotal(_ stats: [PokemonDetails.Stat]) -> Int? {
        stats.isEmpty ? nil : checkedTotal(stats.map(\.baseStat))
    }

    /// The sum, or nil when it overflows: sync refuses stats above 1,000, but a database can
    /// be edited by hand, and a query must not trap on what it reads.
    static func checkedTotal(_ values: [Int]) -> Int? {
        var total = 0
        for value in values {
            let (sum, overflowed) = total.addingReportingOverflow(value)
            if overflowed { return nil }
            total = sum
        }
        return total
    }

    /// PokeAPI gives height in decimetres and weight in hectograms: one decimal place. Negative
    /// values (only a hand-edited database holds them) keep their sign: "-0.5 m", not "0.-5 m".
    static func decimal(_ tenths: Int, unit: String) -> String {
        let magnitude = tenths.magnitude  // UInt: even Int.min has one
        return "\(tenths < 0 ? "-" : "")\(magnitude / 10).\(magnitude % 10) \(unit)"
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
