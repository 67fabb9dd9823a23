/// How far apart two words are, for "did you mean": Pokémon names and command-line options
/// alike, so that both forgive the same typos and break ties the same way.
public enum EditDistance {
    /// Optimal-string-alignment distance (adjacent swaps count as one edit); stops early
    /// and returns `bound + 1` once every path exceeds `bound`. Inlinable so that a caller
    /// comparing Unicode scalars compares integers, not grapheme clusters.
    @inlinable
    public static func between<Element: Equatable>(_ source: [Element], _ target: [Element], bound: Int) -> Int {
        if abs(source.count - target.count) > bound { return bound + 1 }
        if source.isEmpty || target.isEmpty { return max(source.count, target.count) }
        var beforePrevious = [Int](repeating: 0, count: target.count + 1)
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...target.count {
                let cost = source[i - 1] == target[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                    best = min(best, beforePrevious[j - 2] + 1)
                }
                current[j] = best
                rowMinimum = min(rowMinimum, best)
            }
            if rowMinimum > bound { return bound + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[target.count]
    }

    /// How many leading characters `a` and `b` share: among equally near candidates, the one
    /// sharing the longer start wins (people get the start right).
    public static func sharedStart(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }
}
