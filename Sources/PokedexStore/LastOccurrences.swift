extension Collection {
    /// The elements no later element repeats the key of, in order, each with its offset: the
    /// rows `INSERT OR REPLACE` of every element in turn would leave. Stores insert these
    /// with a plain INSERT because a REPLACE into a table with foreign keys or indexes opens a
    /// statement journal (a page copy and its allocations) for every row, which was a tenth
    /// of a whole-dex sync's CPU.
    func lastOccurrences<Key: Hashable>(by key: (Element) -> Key) -> [(offset: Int, element: Element)] {
        var seen = Set<Key>()
        var kept: [(offset: Int, element: Element)] = []
        for (offset, element) in enumerated().reversed() where seen.insert(key(element)).inserted {
            kept.append((offset, element))
        }
        return kept.reversed()
    }
}
