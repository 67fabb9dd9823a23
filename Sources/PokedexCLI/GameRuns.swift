import PokedexStore

/// Games in a row that share one label, each label once with its runs: "TM24 (Red/Green to
/// Yellow, Ruby/Sapphire to Ultra Sun/Ultra Moon)", "₽1,200 (Red/Blue to Sword/Shield)". A range
/// ending in the first game's expansion names the expansion alone ("Scarlet/Violet to The Indigo
/// Disk"); a game without a label (an item not sold there) ends a run and is not named.
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
        var labels: [String] = []
        var ranges: [String: [String]] = [:]
        for run in runs {
            guard let label = run.label else { continue }
            if ranges[label] == nil { labels.append(label) }
            ranges[label, default: []].append(range(run.first, run.last))
        }
        // Each name kept on one line ("Let’s Go! Pikachu", "X-Scissor" as "Forbice X").
        return labels.map { "\(LineWrapping.unbroken($0)) (\(ranges[$0, default: []].joined(separator: ", ")))" }
            .joined(separator: ", ")
    }

    private static func range(_ first: String, _ last: String) -> String {
        guard first != last else { return LineWrapping.unbroken(first) }
        let split = VersionGroupName.gameAndExpansion(last)
        let end = split.flatMap { $0.game == first ? $0.expansion : nil }.map(String.init) ?? last
        return "\(LineWrapping.unbroken(first)) to \(LineWrapping.unbroken(end))"
    }
}
