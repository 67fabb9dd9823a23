/// Rewrites the links of a stored body: each replacement's `from` bytes, wherever they occur,
/// become its `to` bytes, everything else staying byte for byte. Patterns start with the
/// quote that opens a JSON string, so only whole URLs' starts (or whole URLs) match.
struct LinkRewriter {
    struct Replacement {
        let from: [UInt8]
        let to: [UInt8]
        /// Horspool's shifts for `from`: how far the window may move when its last byte is
        /// this one.
        let shifts: [Int]

        init(from: [UInt8], to: [UInt8]) {
            self.from = from
            self.to = to
            var shifts = [Int](repeating: from.count, count: 256)
            for (index, byte) in from.dropLast().enumerated() { shifts[Int(byte)] = from.count - 1 - index }
            self.shifts = shifts
        }
    }

    let replacements: [Replacement]

    /// A stored body's API links moved from `source` (the API it was synced from, e.g.
    /// `https://pokeapi.co/api/v2`) to `served`, and each of `images` (a URL and where it is
    /// served) replaced whole.
    init(source: String?, served: String, images: [(url: String, served: String)]) {
        var replacements: [Replacement] = []
        if let source, source != served {
            replacements.append(Replacement(from: Array("\"\(source)/".utf8), to: Array("\"\(served)/".utf8)))
        }
        for image in images {
            replacements.append(
                Replacement(from: Array("\"\(image.url)\"".utf8), to: Array("\"\(image.served)\"".utf8)))
        }
        self.replacements = replacements
    }

    var isIdentity: Bool { replacements.isEmpty }

    /// `body` with every replacement made; patterns are found with Horspool's search, which
    /// skips most of the bytes.
    func rewrite(_ body: [UInt8]) -> [UInt8] {
        guard !replacements.isEmpty else { return body }
        var output: [UInt8] = []
        output.reserveCapacity(body.count + body.count / 8)
        body.withUnsafeBytes { input in
            guard let base = input.baseAddress else { return }
            // The next match of each pattern at or after `position`, found lazily.
            var next = replacements.map { find($0, in: input, from: 0) }
            var position = 0
            while true {
                var earliest: Int?
                for index in next.indices {
                    if let found = next[index], found < position {
                        next[index] = find(replacements[index], in: input, from: position)
                    }
                    if let found = next[index], earliest.map({ found < next[$0]! }) ?? true {
                        earliest = index
                    }
                }
                guard let index = earliest, let found = next[index] else { break }
                output.append(contentsOf: UnsafeRawBufferPointer(start: base + position, count: found - position))
                output.append(contentsOf: replacements[index].to)
                position = found + replacements[index].from.count
            }
            output.append(contentsOf: UnsafeRawBufferPointer(start: base + position, count: input.count - position))
        }
        return output
    }

    private func find(_ replacement: Replacement, in input: UnsafeRawBufferPointer, from position: Int) -> Int? {
        let pattern = replacement.from
        let last = pattern.count - 1
        var start = position
        while start + last < input.count {
            let tail = input[start + last]
            if tail == pattern[last] {
                var index = last - 1
                while index >= 0, input[start + index] == pattern[index] { index -= 1 }
                if index < 0 { return start }
            }
            start += replacement.shifts[Int(tail)]
        }
        return nil
    }
}
