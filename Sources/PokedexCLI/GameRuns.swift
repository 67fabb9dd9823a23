import PokedexStore

/// Games in a row that share one label, each run once: "TM24 (Red/Green to Ultra Sun/Ultra
/// Moon)", "₽1,200 (Red/Blue to Sword/Shield)". A range ending in the first game's expansion
/// names the expansion alone ("Scarlet/Violet to The Indigo Disk"); a game without a label
/// (an item not sold there) ends a run and is not named.
enum GameRuns {
    static func text(_ games: [(label: String?, groupName: String)]) -> String {
        var runs: [(label: String?, first: String, last: String)] = []
        for game in games {
            if let last = runs.last, last.label == game.label {
                runs[runs.count - 1].last = game.groupName
            } else {
                runs.append((game.label, game.groupName, game.groupName))
            }
        }
        return runs.compactMap { run in
            guard let label = run.label else { return nil }
            guard run.first != run.last else { return "\(label) (\(run.first))" }
            let split = VersionGroupName.gameAndExpansion(run.last)
            let last = split.flatMap { $0.game == run.first ? $0.expansion : nil } ?? Substring(run.last)
            return "\(label) (\(run.first) to \(last))"
        }
        .joined(separator: ", ")
    }
}
