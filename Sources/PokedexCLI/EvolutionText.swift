import PokedexStore
import TextUtilities

/// The evolution line as people read it: `Pichu → Pikachu (high friendship) → Raichu
/// (Thunder Stone)`, each condition after the Pokémon it leads to. A branching chain gives one
/// line per branch, the shared start blanked after the first (Eevee's eight); a regional form
/// the chain's steps name is a Pokémon of its own (`→ Alolan Raichu (Thunder Stone, in Alola)`),
/// and a form that evolves its own way starts its own line (`Galarian Meowth → Perrserker`).
enum EvolutionText {
    /// Within `width` columns. A path's arrows follow one another while they fit; one that
    /// does not starts a line two columns right of the Pokémon it evolves from (so that a line
    /// further left is never read as its parent; near the right edge, where a line has room),
    /// and a condition's parentheses are broken only where they are wider than a line. A branch
    /// starts under its first sibling's arrow: the first sibling stays on its line only where
    /// all of them fit under it (or wrap with room to spare), else they all start lines of
    /// their own, aligned to one column.
    static func lines(_ chain: EvolutionChain, width: Int = .max) -> [String] {
        var layout = EvolutionLayout(width: width)
        var previous: [String] = []
        let paths = EvolutionLine(chain).paths.map { pieces($0, chain: chain) }
        for (index, pieces) in paths.enumerated() {
            var shared = 0
            while shared < min(pieces.count - 1, previous.count), pieces[shared] == previous[shared] { shared += 1 }
            let tokens = pieces.enumerated().map { $0 == 0 ? $1 : "→ " + $1 }
            let siblings = { (token: Int) in
                paths[(index + 1)...].filter {
                    $0.count > token && Array($0.prefix(token)) == Array(pieces.prefix(token))
                }
                .map { "→ " + $0[token] }
            }
            layout.add(tokens, from: shared, siblings: siblings)
            previous = pieces
        }
        return layout.lines
    }

    /// Each branch written out in full, without the blanking `lines` lays out (for `--json`).
    static func paths(_ chain: EvolutionChain) -> [String] {
        EvolutionLine(chain).paths.map { pieces($0, chain: chain).joined(separator: " → ") }
    }

    /// A Pokémon an item evolves, with the ways that use it (its other ways left out).
    struct ItemEvolution: Equatable {
        let species: String
        /// The form the step names (`raichu-alola`), nil for the species' usual one.
        var form: String? = nil
        /// "Politoed (trade, holding King’s Rock)".
        let text: String
        /// Whether some way needs the item held rather than used.
        let held: Bool
    }

    /// The Pokémon of `chain` that `item` evolves, in the chain's order.
    static func evolutions(usingItem item: String, in chain: EvolutionChain) -> [ItemEvolution] {
        EvolutionLine(chain).arrows.compactMap { arrow in
            let steps = arrow.steps.filter { $0.item == item || $0.heldItem == item }
            guard !steps.isEmpty else { return nil }
            let ways = EvolutionConditionText.alternatives(steps, names: chain.conditionNames)
            return ItemEvolution(
                species: arrow.to.member.speciesName, form: arrow.to.form,
                text: name(arrow.to, chain: chain) + " (\(ways))",
                held: steps.contains { $0.heldItem == item })
        }
    }

    /// The start of a path, then each Pokémon it reaches with the ways there.
    /// Sanitized before they are laid out: a control character is drawn as two columns (`^[`),
    /// which wrapping must count.
    private static func pieces(_ path: EvolutionLine.Path, chain: EvolutionChain) -> [String] {
        ([start(path.start, chain: chain)]
            + path.arrows.map { arrow in
                let ways = EvolutionConditionText.alternatives(arrow.steps, names: chain.conditionNames)
                return name(arrow.to, chain: chain) + (ways.isEmpty ? "" : " (\(ways))")
            }).map { TerminalText.sanitize($0) }
    }

    private static func start(_ pokemon: EvolutionLine.Pokemon, chain: EvolutionChain) -> String {
        guard pokemon.member.isBaby else { return name(pokemon, chain: chain) }
        let hatch =
            chain.babyTriggerItem.map {
                ", bred holding \(EvolutionConditionText.named("item", $0, chain.conditionNames))"
            } ?? ""
        return name(pokemon, chain: chain) + " (baby\(hatch))"
    }

    /// "Raichu", "Alolan Raichu", "Dusk Lycanroc", "Own Tempo Rockruff": a form by its stored
    /// name in the display language, else by what its slug adds to the species' (`raichu-alola`),
    /// a region by its adjective.
    private static func name(_ pokemon: EvolutionLine.Pokemon, chain: EvolutionChain) -> String {
        guard let form = pokemon.form else { return pokemon.member.displayName }
        if let stored = chain.conditionNames["pokemon-form/\(form)"] { return stored }
        let prefix = pokemon.member.speciesName + "-"
        var words = (form.hasPrefix(prefix) ? String(form.dropFirst(prefix.count)) : form)
            .split(separator: "-").map(String.init)
        if let region = words.first.flatMap({ regionAdjectives[$0] }) { words[0] = region }
        return (words.map(SlugText.readable) + [pokemon.member.displayName]).joined(separator: " ")
    }

    /// English adjectives of the regions whose forms PokeAPI's slugs name (`meowth-galar`).
    private static let regionAdjectives = [
        "alola": "Alolan", "galar": "Galarian", "hisui": "Hisuian", "paldea": "Paldean", "kanto": "Kantonian",
    ]

}

/// A chain as a graph of Pokémon (a species in its usual form or in a form a step names) and
/// arrows between them, each arrow with the steps that take it.
struct EvolutionLine {
    struct Pokemon: Hashable {
        let member: EvolutionMember
        /// nil for the species' usual form.
        let form: String?

        static func == (a: Pokemon, b: Pokemon) -> Bool {
            a.member.speciesName == b.member.speciesName && a.form == b.form
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(member.speciesName)
            hasher.combine(form)
        }
    }

    struct Arrow {
        let from: Pokemon
        let to: Pokemon
        var steps: [EvolutionStep]
    }

    struct Path {
        let start: Pokemon
        let arrows: [Arrow]
    }

    /// In the chain's order: members by position, each member's steps in stored order.
    private(set) var arrows: [Arrow] = []
    private(set) var starts: [Pokemon] = []

    init(_ chain: EvolutionChain) {
        let members = Dictionary(chain.members.map { ($0.speciesName, $0) }, uniquingKeysWith: { first, _ in first })
        var reached: Set<Pokemon> = []
        var candidates: [Pokemon] = []
        for member in chain.members {
            guard let parent = member.evolvesFrom.flatMap({ members[$0] }), parent.speciesName != member.speciesName
            else {
                candidates.append(Pokemon(member: member, form: nil))
                continue
            }
            // A member without steps (Melmetal: its species says it evolves from Meltan, no chain
            // says how) still has its arrow.
            let steps = member.steps.isEmpty ? [nil] : member.steps.map(Optional.some)
            for step in steps {
                let from = Self.pokemon(parent, form: step?.baseForm)
                let to = Self.pokemon(member, form: step?.evolvedForm)
                if let index = arrows.firstIndex(where: { $0.from == from && $0.to == to }) {
                    if let step { arrows[index].steps.append(step) }
                } else {
                    arrows.append(Arrow(from: from, to: to, steps: step.map { [$0] } ?? []))
                }
                candidates.append(from)
                reached.insert(to)
            }
        }
        var seen: Set<Pokemon> = []
        starts = candidates.filter { !reached.contains($0) && seen.insert($0).inserted }
        // Stored chains that loop (no real one does) still show from their first member.
        if starts.isEmpty, let first = chain.members.first { starts = [Pokemon(member: first, form: nil)] }
    }

    /// A form a step names, nil where it names the species' usual Pokémon (its default
    /// variety, or the one named as the species when the species is not synced).
    private static func pokemon(_ member: EvolutionMember, form: String?) -> Pokemon {
        guard let form, form != (member.defaultForm ?? member.speciesName) else {
            return Pokemon(member: member, form: nil)
        }
        return Pokemon(member: member, form: form)
    }

    /// Every path from a start to a Pokémon that evolves no further, depth first.
    var paths: [Path] {
        var paths: [Path] = []
        func walk(_ start: Pokemon, _ pokemon: Pokemon, _ taken: [Arrow], _ visited: Set<Pokemon>) {
            let next = arrows.filter { $0.from == pokemon && !visited.contains($0.to) }
            if next.isEmpty { paths.append(Path(start: start, arrows: taken)) }
            for arrow in next { walk(start, arrow.to, taken + [arrow], visited.union([arrow.to])) }
        }
        for start in starts { walk(start, start, [], [start]) }
        return paths
    }
}

/// Evolution paths on lines of at most `width` columns, each path's tokens (its start, then
/// `→ Pokémon (ways)` for each arrow) left to right, a path that shares its start with the one
/// before it on a line of its own under the token where they part.
private struct EvolutionLayout {
    let width: Int
    private(set) var lines: [String] = []
    /// The column each token of the last path started at.
    private var starts: [Int] = []
    /// Where the current line ends.
    private var cursor = 0

    /// How many columns a wrapped sibling must still have beside its column to stay under it.
    private static let roomToWrap = 40
    /// The fewest columns a wrapped arrow starts a line with, where its parent allows.
    private static let wrappedRoom = 12

    init(width: Int) {
        self.width = width
    }

    /// Lays out `tokens` from `shared` (those before are the previous path's); `siblings` gives
    /// the tokens that later paths have where they part from this one at a token.
    mutating func add(_ tokens: [String], from shared: Int, siblings: (Int) -> [String]) {
        let base = shared == 0 ? 0 : starts[shared]
        starts = Array(starts.prefix(shared))
        place(tokens[shared], at: base)
        for index in tokens.indices.dropFirst(shared + 1) {
            let token = tokens[index]
            let here = cursor + 1
            // Two right of the Pokémon it evolves from, unless that leaves less than a short
            // name and its condition's first word (then no further right than leaves them).
            let below = min((starts.last ?? base) + 2, max(base + 2, width - Self.wrappedRoom))
            let fitsHere = TerminalColumns.of(token) <= width - here
            let siblingsFit = siblings(index).allSatisfy { sibling in
                let columns = TerminalColumns.of(sibling)
                return columns <= width - here || (columns > width - below && width - here >= Self.roomToWrap)
            }
            if fitsHere && siblingsFit {
                starts.append(here)
                lines[lines.count - 1] += " " + token
                cursor = here + TerminalColumns.of(token)
            } else {
                place(token, at: below)
            }
        }
    }

    /// `token` starting a line at `column`, wrapped under itself where it is too wide.
    private mutating func place(_ token: String, at column: Int) {
        starts.append(column)
        let wrapped = LineWrapping.lines(String(repeating: " ", count: column) + token, width: width)
        lines += wrapped
        cursor = TerminalColumns.of(wrapped.last ?? "")
    }
}
