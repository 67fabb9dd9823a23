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
    static func table(_ summaries: [PokemonSummary]) -> DisplayText {
        TerminalText.table(
            header: ["ID", "NAME", "TYPES", "ARTWORK"],
            rows: summaries.map { summary in
                [
                    String(summary.id), summary.name, summary.types.joined(separator: ", "),
                    summary.artwork.url + (summary.artwork.derived ? " (derived)" : ""),
                ]
            })
    }

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
        lines += statLines(profile.stats).map { DisplayText(sanitizing: $0) }
        return lines.joined(separator: "\n")
    }

    /// "Base stats", a line per stat with its value right-aligned, and their total; none
    /// without stats.
    static func statLines(_ stats: [PokemonDetails.Stat]) -> [String] {
        guard !stats.isEmpty else { return [] }
        var lines = ["Base stats"]
        let names = stats.map { TerminalText.sanitize(SlugText.readable($0.name)) }
        let width = names.map(\.count).max() ?? 0
        func line(_ name: String, _ value: String) {
            lines.append(
                "  \(name.padding(to: width + 2))\(String(repeating: " ", count: max(0, 3 - value.count)) + value)")
        }
        for (name, stat) in zip(names, stats) { line(name, String(stat.baseStat)) }
        line("total", statsTotal(stats).map(String.init) ?? "out of range")
        return lines
    }

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
