import PokedexStore
import TextUtilities

/// `show`'s moves: those learnt by level in one version group, by level, and how many more
/// each other method teaches, or with `everyMove` which (`--json` lists every one).
enum LearnsetText {
    static func summary(_ learnset: Learnset, everyMove: Bool = false) -> String {
        let byLevel = learnset.moves.filter { $0.method == "level-up" }
        var methods: [(method: String, names: [String])] = []
        for move in learnset.moves where move.method != "level-up" {
            let name = learnset.moveNames[move.move] ?? SlugText.readable(move.move)
            if methods.last?.method == move.method {
                methods[methods.count - 1].names.append(name)
            } else {
                methods.append((move.method, [name]))
            }
        }
        // In the order of the names shown, not of the slugs: case, accents and kana folded.
        methods = methods.map { method in
            (
                method.method,
                method.names.map { (NameFolding.fold($0), $0) }.sorted { $0 < $1 }.map { LineWrapping.unbroken($0.1) }
            )
        }
        guard !learnset.moves.isEmpty else {
            return learnset.groupName
                + (learnset.groupHasMoves ? ": no moves in this game" : ": PokeAPI lists no moves in these games")
        }
        var text = learnset.groupName + ": "
        text +=
            byLevel.isEmpty
            ? "none by level"
            : byLevel.map {
                LineWrapping.unbroken(
                    learnset.moveNames[$0.move] ?? SlugText.readable($0.move),
                    "(\($0.level == 0 ? "evolving" : "\($0.level)"))")
            }
            .joined(separator: ", ")
        if everyMove {
            text += methods.map {
                "; by \(LearnMethodText.phrase($0.method, names: learnset.methodNames)): \($0.names.joined(separator: ", "))"
            }
            .joined()
        } else if !methods.isEmpty {
            let others = methods.map {
                LineWrapping.unbroken(
                    "\($0.names.count) by \(LearnMethodText.phrase($0.method, names: learnset.methodNames))")
            }
            text += "; " + others.joined(separator: ", ") + " (\(LineWrapping.unbroken("--moves", "all")) names them)"
        }
        return text
    }
}
