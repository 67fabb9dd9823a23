import PokedexStore
import TextUtilities

/// `show`'s moves: those learnt by level in one version group, by level, and how many more
/// each other method teaches (`--json` lists every one).
enum LearnsetText {
    static func summary(_ learnset: Learnset) -> String {
        let byLevel = learnset.moves.filter { $0.method == "level-up" }
        var methods: [(method: String, count: Int)] = []
        for move in learnset.moves where move.method != "level-up" {
            if methods.last?.method == move.method {
                methods[methods.count - 1].count += 1
            } else {
                methods.append((move.method, 1))
            }
        }
        var text = learnset.groupName + ": "
        text +=
            byLevel.isEmpty
            ? "none by level"
            : byLevel.map {
                "\(learnset.moveNames[$0.move] ?? SlugText.readable($0.move)) (\($0.level == 0 ? "evolving" : "\($0.level)"))"
            }
            .joined(separator: ", ")
        if !methods.isEmpty {
            let others = methods.map { "\($0.count) by \(SlugText.readable($0.method).lowercased())" }
            text += "; " + others.joined(separator: ", ") + " (--json lists them)"
        }
        return text
    }
}
