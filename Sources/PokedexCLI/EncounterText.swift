import PokedexStore
import TextUtilities

/// `show`'s "Where": the places a Pokémon is met in one version group's games, each with its
/// ways, levels and best chance (`--json` lists every encounter of every game). The first
/// six places are named: a Pokémon met in dozens of dens would fill the screen.
enum EncounterText {
    static func summary(_ found: WhereFound) -> String {
        guard !found.places.isEmpty else {
            return found.groupName
                + (found.groupHasEncounters ? ": not in the wild" : ": PokeAPI lists no encounters in these games")
        }
        let shown = found.places.prefix(6).map(place).joined(separator: ", ")
        let more = found.places.count - 6
        guard more > 0 else { return found.groupName + ": " + shown }
        return found.groupName + ": " + shown
            + "; \(Quantities.counted(more, "more place")) "
            + LineWrapping.unbroken("(--json lists \(more == 1 ? "it" : "them"))")
    }

    /// A place of "Where", each version named where the game's versions differ there.
    static func place(_ place: EncounterPlace) -> String {
        self.place(
            place.displayName, methods: place.methods, times: place.times, levels: (place.minLevel, place.maxLevel),
            chance: place.chance, versions: place.differsByVersion ? place.versions : [])
    }

    /// "Viridian Forest (walk, Lv 3–5, 5%)", "Pikachu (walk, Lv 3–5, 5%)": unbroken, so that a
    /// line of them breaks between places, not inside one's ways. Given the versions of a game
    /// that tell apart there, "Caterpie (walk, Lv 3–5, 45%; Blue only)" where the others lack
    /// it, else each version's part, "Caterpie (walk; Red Lv 3, 5%; Blue Lv 3–5, 45%)", which
    /// may break between versions. The chance is of one encounter: ``VersionEncounter/chance``.
    static func place(
        _ name: String, methods: [String], times: [String: String] = [:], levels: (Int?, Int?), chance: Int?,
        versions: [VersionEncounter] = []
    ) -> String {
        guard let first = versions.first else {
            let details = self.details(methods: methods, times: times, levels: levels, chance: chance)
            return LineWrapping.unbroken(name + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
        }
        if versions.allSatisfy({ $0.meets(like: first) }) {
            let details = self.details(
                methods: first.methods, times: first.times, levels: (first.minLevel, first.maxLevel),
                chance: first.chance)
            let only = versions.map(\.versionName).joined(separator: ", ") + " only"
            return LineWrapping.unbroken(name + " (" + details.joined(separator: ", ") + "; " + only + ")")
        }
        let shared = versions.allSatisfy { $0.methods == first.methods && $0.times == first.times }
        let parts = versions.map { version in
            let detail = details(
                methods: shared ? [] : version.methods, times: version.times,
                levels: (version.minLevel, version.maxLevel), chance: version.chance
            ).joined(separator: ", ")
            return LineWrapping.unbroken(detail.isEmpty ? version.versionName : version.versionName + " " + detail)
        }
        // Ways every version shares stay with the name; a line may break between versions.
        guard shared else { return LineWrapping.unbroken(name + " (") + parts.joined(separator: "; ") + ")" }
        let ways = details(methods: first.methods, times: first.times, levels: (nil, nil), chance: nil)
            .joined(separator: ", ")
        return LineWrapping.unbroken(name + " (" + ways + ";") + " " + parts.joined(separator: "; ") + ")"
    }

    /// "walk", "Lv 3–5", "5%": what is known of some encounters, each part unbroken; a method
    /// all of whose encounters are at one time of day says it, "walk at night".
    private static func details(methods: [String], times: [String: String], levels: (Int?, Int?), chance: Int?)
        -> [String]
    {
        var details = methods.map { method in
            let way = SlugText.readable(method).lowercased()
            guard let time = times[method] else { return way }
            return way + " " + time.prefix(1).lowercased() + time.dropFirst()
        }
        if let levels = self.levels(levels.0, levels.1) { details.append(levels) }
        if let chance { details.append("\(chance)%") }
        return details
    }

    static func levels(_ low: Int?, _ high: Int?) -> String? {
        switch (low, high) {
        case (let low?, let high?) where low != high: LineWrapping.unbroken("Lv", "\(low)–\(high)")
        case (let level?, _), (nil, let level?): LineWrapping.unbroken("Lv", "\(level)")
        case (nil, nil): nil
        }
    }
}
