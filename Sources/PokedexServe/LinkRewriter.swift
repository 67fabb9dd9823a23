import BodyCoding

/// Rewrites the links of a stored body: each replacement's `from` bytes, wherever they occur,
/// become its `to` bytes, everything else staying byte for byte. Patterns start with the
/// quote that opens a JSON string, so only whole URLs' starts (or whole URLs) match.
struct LinkRewriter {
    struct Replacement {
        let from: [UInt8]
        let to: [UInt8]

        /// Where `from` occurs in `input`, in order, none overlapping.
        func occurrences(in input: UnsafeRawBufferPointer) -> [Int] {
            guard let base = input.baseAddress, from.count <= input.count else { return [] }
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            // Horspool's shifts: how far the window may move when its last byte is this one.
            // Made here, not with the rewriter: most answers reuse kept matches, or are 304s.
            var shifts = [Int](repeating: from.count, count: 256)
            for (index, byte) in from.dropLast().enumerated() { shifts[Int(byte)] = from.count - 1 - index }
            var found: [Int] = []
            from.withUnsafeBufferPointer { pattern in
                shifts.withUnsafeBufferPointer { shifts in
                    let last = pattern.count - 1
                    var start = 0
                    while start + last < input.count {
                        let tail = bytes[start + last]
                        if tail == pattern[last] {
                            var index = last - 1
                            while index >= 0, bytes[start + index] == pattern[index] { index -= 1 }
                            if index < 0 {
                                found.append(start)
                                start += pattern.count
                                continue
                            }
                        }
                        start += shifts[Int(tail)]
                    }
                }
            }
            return found
        }
    }

    /// Where a body's matches are and which replacement each takes, as two arrays: 5 bytes a
    /// match where an array of structs takes 8, so that ``MatchCache`` holds every Pokémon's.
    struct Matches: Sendable {
        private(set) var offsets: [UInt32] = []
        private(set) var replacements: [UInt8] = []

        /// Room for `count` matches, allocated once: appends would leave up to twice that.
        init(capacity count: Int = 0) {
            offsets.reserveCapacity(count)
            replacements.reserveCapacity(count)
        }

        mutating func append(offset: Int, replacement: Int) {
            offsets.append(UInt32(offset))
            replacements.append(UInt8(replacement))
        }

        /// What the cache counts: the two arrays' elements.
        var byteCount: Int { offsets.count * (MemoryLayout<UInt32>.size + MemoryLayout<UInt8>.size) }
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

    /// Every match in `body`, in order, none overlapping: Horspool's search skips most bytes,
    /// but a body holds thousands of links, so callers keep the result (``MatchCache``).
    func matches(in body: [UInt8]) -> Matches {
        body.withUnsafeBytes { input in
            var all: [(offset: Int, replacement: Int)] = []
            for (index, replacement) in replacements.enumerated() {
                all += replacement.occurrences(in: input).map { ($0, index) }
            }
            all.sort { $0.offset < $1.offset }
            var kept = Matches(capacity: all.count)
            var end = 0
            for match in all where match.offset >= end && !Self.isEscaped(match.offset, in: input) {
                kept.append(offset: match.offset, replacement: match.replacement)
                end = match.offset + replacements[match.replacement].from.count
            }
            return kept
        }
    }

    /// Whether the quote at `offset` is escaped (an odd run of backslashes before it): a URL
    /// quoted inside text, an issue's `see \"https://api.github.com/…\"`, is content, not a link.
    private static func isEscaped(_ offset: Int, in input: UnsafeRawBufferPointer) -> Bool {
        var start = offset
        while start > 0, input[start - 1] == UInt8(ascii: "\\") { start -= 1 }
        return (offset - start) % 2 == 1
    }

    /// Where a rewrite in place reads and writes, in a buffer of `room` bytes: the body lies at
    /// `offset`, and its rewrite, `size` bytes, is written from the start. The offset is the
    /// most the rewrite has grown at any match, so writing never overtakes reading.
    struct Layout {
        let room: Int
        let offset: Int
        let size: Int
    }

    /// The layout of rewriting a body of `bodySize` bytes at `matches`.
    func layout(bodySize: Int, matches: Matches) -> Layout {
        var (growth, most) = (0, 0)
        for index in matches.replacements {
            growth += replacements[Int(index)].to.count - replacements[Int(index)].from.count
            most = max(most, growth)
        }
        return Layout(room: bodySize + most, offset: most, size: bodySize + growth)
    }

    /// `body` decoded, its links rewritten (found afresh: for bodies served too rarely to keep
    /// their matches, such as GitHub's items).
    func rewritten(_ body: StoredBody) throws -> [UInt8] {
        rewritten(try body.decoded())
    }

    /// `body` with its links rewritten, found afresh.
    func rewritten(_ body: [UInt8]) -> [UInt8] {
        isIdentity ? body : rewrite(body, at: matches(in: body))
    }

    /// `body` with the replacements made at `matches` (``matches(in:)`` of this body).
    func rewrite(_ body: [UInt8], at matches: Matches) -> [UInt8] {
        let layout = layout(bodySize: body.count, matches: matches)
        return [UInt8](unsafeUninitializedCapacity: layout.room) { buffer, count in
            let room = UnsafeMutableRawBufferPointer(buffer)
            body.withUnsafeBytes {
                UnsafeMutableRawBufferPointer(rebasing: room[layout.offset...]).copyMemory(from: $0)
            }
            rewrite(in: room, layout, at: matches)
            count = layout.size
        }
    }

    /// Rewrites the body at `layout.offset` of `buffer` into its first `layout.size` bytes, in
    /// runs, in place: the body can be decoded straight into the buffer a server sends from.
    func rewrite(in buffer: UnsafeMutableRawBufferPointer, _ layout: Layout, at matches: Matches) {
        precondition(buffer.count == layout.room)
        var written = 0
        var position = layout.offset
        func move(_ source: Int, count: Int) {
            precondition(count >= 0 && source + count <= buffer.count && written + count <= source + count)
            // Until a link changes length, every run is already where it belongs.
            if count > 0, written != source {
                (buffer.baseAddress! + written).copyMemory(from: buffer.baseAddress! + source, byteCount: count)
            }
            written += count
        }
        for (offset, index) in zip(matches.offsets, matches.replacements) {
            let replacement = replacements[Int(index)]
            let start = layout.offset + Int(offset)
            move(position, count: start - position)
            precondition(start + replacement.from.count <= buffer.count, "a match past the body's end")
            replacement.to.withUnsafeBytes {
                UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + $0.count)]).copyMemory(from: $0)
            }
            written += replacement.to.count
            position = start + replacement.from.count
        }
        move(position, count: buffer.count - position)
        precondition(written == layout.size)
    }
}
