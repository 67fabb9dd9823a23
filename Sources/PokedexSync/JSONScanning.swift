import Foundation
import PokedexStore

/// Extracts `PokemonDetails` from a PokeAPI `/pokemon/{id}` body, and the entries of a
/// `/pokemon` list page, in one pass over the bytes, without building a JSON tree: wanted values are parsed in place, everything else
/// (moves, game_indices, sprites.versions, … ≈99 % of the bytes) is skipped by matching
/// quotes and brackets.
///
/// Decoding these bodies with `JSONDecoder`, even into a struct of the few fields needed, cost
/// ≈1.5 ms each (it maps the whole document first): most of a catalog sync's CPU. This
/// scanner takes ≈0.14 ms.
///
/// Semantics follow PokeAPI's documented shape: `id`, `name`, `types`, `abilities`,
/// `stats` required; `height`, `weight`, `base_experience`, `order`, `species`, `sprites`,
/// `sprites.other`, `other["official-artwork"]`, `front_default`, `abilities[].ability`
/// may be missing or null; a NamedResource needs `name` and `url` strings. Types are returned
/// in slot order, abilities with a null `ability` dropped.
///
/// Deliberate leniency (the raw body is stored as received anyway): skipped values are only
/// checked for balanced quotes/brackets, not full JSON grammar (`[}` or `tru` inside
/// `moves` pass); integers must be plain JSON integers (no `7.0`/`7e0`, which JSONDecoder
/// would accept as Int); invalid UTF-8 inside a wanted string is repaired (U+FFFD), not
/// rejected.
public enum PokeAPIScanner {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let offset: Int
        public let reason: String
        public var description: String { "malformed JSON at byte \(offset): \(reason)" }
    }

    public static func details(from body: Data) throws(Failure) -> PokemonDetails {
        try scanWhole(body) { scanner throws(Failure) in try scanner.pokemon() }
    }

    /// A `/pokemon` list page, scanned the same way: `JSONDecoder` spent ≈0.7 ms on each
    /// 100-entry page, a tenth of a no-change refresh's CPU.
    static func listPage(from body: Data) throws(Failure) -> PokemonListPage {
        try scanWhole(body) { scanner throws(Failure) in try scanner.listPage() }
    }
}

/// Runs `parse` over all of `body`, which must hold one JSON value and nothing after it.
private func scanWhole<Value>(
    _ body: Data, _ parse: (inout Scanner) throws(PokeAPIScanner.Failure) -> Value
) throws(PokeAPIScanner.Failure) -> Value {
    let result = body.withUnsafeBytes { raw in
        Result { () throws(PokeAPIScanner.Failure) -> Value in
            guard let base = raw.baseAddress, raw.count > 0 else {
                throw PokeAPIScanner.Failure(offset: 0, reason: "empty body")
            }
            var scanner = Scanner(base: base.assumingMemoryBound(to: UInt8.self), end: raw.count)
            let value = try parse(&scanner)
            scanner.skipWhitespace()
            guard scanner.pos == scanner.end else { throw scanner.fail("unexpected data after the top-level value") }
            return value
        }
    }
    return try result.get()
}

// MARK: - Scanner

// Literal constants (not `UInt8(ascii:)` globals, which go through lazy-initialisation
// accessors inside the hot loops).
private let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C
private let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
private let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
private let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, minus: UInt8 = 0x2D

@inline(__always) private func isWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
}

/// A key as it appears in the bytes (between the quotes).
private struct Key {
    let start: Int
    let count: Int
    let escaped: Bool
}

private struct Scanner {
    typealias Failure = PokeAPIScanner.Failure

    let base: UnsafePointer<UInt8>
    let end: Int
    var pos = 0

    init(base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
    }

    func fail(_ reason: String) -> Failure { Failure(offset: pos, reason: reason) }

    @inline(__always) mutating func skipWhitespace() {
        while pos < end, isWhitespace(base[pos]) { pos += 1 }
    }

    /// The next non-whitespace byte, not consumed.
    @inline(__always) mutating func peek() throws(Failure) -> UInt8 {
        skipWhitespace()
        guard pos < end else { throw fail("unexpected end of data") }
        return base[pos]
    }

    @inline(__always) mutating func expect(_ byte: UInt8) throws(Failure) {
        guard try peek() == byte else {
            throw fail("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        pos += 1
    }

    /// Consumes `null` if it comes next.
    mutating func consumeNull() throws(Failure) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        guard end - pos >= 4, base[pos + 1] == UInt8(ascii: "u"), base[pos + 2] == UInt8(ascii: "l"),
              base[pos + 3] == UInt8(ascii: "l") else { throw fail("invalid literal") }
        pos += 4
        return true
    }

    // MARK: Objects and arrays

    /// Call after `{` with `first = true`; returns each key (the `:` consumed), nil after `}`.
    mutating func nextKey(_ first: inout Bool) throws(Failure) -> Key? {
        var c = try peek()
        if c == closeBrace { pos += 1; return nil }
        if !first {
            guard c == comma else { throw fail("expected ',' or '}' in object") }
            pos += 1
            c = try peek()
        }
        first = false
        guard c == quote else { throw fail("expected a key") }
        let start = pos + 1
        let escaped = try skipString()
        let key = Key(start: start, count: pos - 1 - start, escaped: escaped)
        try expect(colon)
        return key
    }

    /// Call after `[` with `first = true`; true while another element follows (positioned at it).
    mutating func nextElement(_ first: inout Bool) throws(Failure) -> Bool {
        let c = try peek()
        if c == closeBracket { pos += 1; return false }
        if !first {
            guard c == comma else { throw fail("expected ',' or ']' in array") }
            pos += 1
            if try peek() == closeBracket { throw fail("expected a value after ','") }
        }
        first = false
        return true
    }

    func key(_ key: Key, is literal: StaticString) -> Bool {
        if !key.escaped {
            return key.count == literal.utf8CodeUnitCount
                && memcmp(base + key.start, literal.utf8Start, key.count) == 0
        }
        // Rare: an escaped key (`"na\u006de"`) is compared after unescaping.
        var copy = self
        copy.pos = key.start - 1
        guard let decoded = try? copy.string() else { return false }
        return decoded == literal.description
    }

    // MARK: Skipping

    /// At an opening quote: moves past the closing one. Returns whether it held a backslash.
    @inline(__always) mutating func skipString() throws(Failure) -> Bool {
        var p = pos + 1
        var escaped = false
        while p < end {
            let c = base[p]
            if c == quote { pos = p + 1; return escaped }
            if c == backslash { escaped = true; p += 2 } else { p += 1 }
        }
        throw fail("unterminated string")
    }

    /// Skips one value of any kind.
    mutating func skipValue() throws(Failure) {
        let c = try peek()
        switch c {
        case quote:
            _ = try skipString()
        case openBrace, openBracket:
            try skipContainer()
        case comma, colon, closeBrace, closeBracket:
            throw fail("expected a value")
        default:  // number, true, false, null
            let start = pos
            while pos < end {
                let b = base[pos]
                if b == comma || b == closeBrace || b == closeBracket || isWhitespace(b) { break }
                pos += 1
            }
            if pos == start { throw fail("expected a value") }
        }
    }

    /// Skips `{…}` or `[…]`: glibc's vectorised `memchr` jumps over string contents (the
    /// bulk of the bytes), a plain loop handles the few bytes between strings.
    mutating func skipContainer() throws(Failure) {
        var depth = 0
        var p = pos
        let base = base, end = end
        while p < end {
            let b = base[p]
            if b == 0x22 {  // " : find the closing quote not preceded by an odd run of backslashes
                let contentStart = p + 1
                var from = contentStart
                while true {
                    guard from < end, let hit = memchr(base + from, 0x22, end - from) else {
                        throw fail("unterminated string")
                    }
                    let q = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    var k = q - 1
                    while k >= contentStart, base[k] == 0x5C { k -= 1 }
                    if (q - 1 - k) & 1 == 0 { p = q; break }
                    from = q + 1
                }
            } else if b | 0x20 == 0x7B {  // { or [
                depth += 1
            } else if b | 0x20 == 0x7D {  // } or ]
                depth -= 1
                if depth == 0 { pos = p + 1; return }
            }
            p += 1
        }
        throw fail("unterminated container")
    }

    // MARK: Scalars

    mutating func int() throws(Failure) -> Int {
        _ = try peek()
        let start = pos
        var negative = false
        if base[pos] == minus { negative = true; pos += 1 }
        var value = 0
        let digitsStart = pos
        while pos < end {
            let d = base[pos] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = negative ? m.subtractingReportingOverflow(Int(d)) : m.addingReportingOverflow(Int(d))
            guard !o1, !o2 else { pos = start; throw fail("integer out of range") }
            value = a
            pos += 1
        }
        let digits = pos - digitsStart
        guard digits > 0 else { pos = start; throw fail("expected an integer") }
        guard digits == 1 || base[digitsStart] != UInt8(ascii: "0") else {
            pos = start; throw fail("leading zero")
        }
        if pos < end, base[pos] == UInt8(ascii: ".") || base[pos] | 0x20 == UInt8(ascii: "e") {
            pos = start; throw fail("expected an integer, found a fraction or exponent")
        }
        return value
    }

    mutating func optionalInt() throws(Failure) -> Int? {
        try consumeNull() ? nil : try int()
    }

    mutating func bool() throws(Failure) -> Bool {
        let c = try peek()
        if c == UInt8(ascii: "t"), end - pos >= 4, base[pos + 1] == UInt8(ascii: "r"),
           base[pos + 2] == UInt8(ascii: "u"), base[pos + 3] == UInt8(ascii: "e") {
            pos += 4; return true
        }
        if c == UInt8(ascii: "f"), end - pos >= 5, base[pos + 1] == UInt8(ascii: "a"),
           base[pos + 2] == UInt8(ascii: "l"), base[pos + 3] == UInt8(ascii: "s"),
           base[pos + 4] == UInt8(ascii: "e") {
            pos += 5; return false
        }
        throw fail("expected true or false")
    }

    mutating func string() throws(Failure) -> String {
        guard try peek() == quote else { throw fail("expected a string") }
        let start = pos + 1
        let escaped = try skipString()
        let raw = UnsafeBufferPointer(start: base + start, count: pos - 1 - start)
        for byte in raw where byte < 0x20 {
            pos = start; _ = byte; throw fail("control character in string")
        }
        if !escaped { return String(decoding: raw, as: UTF8.self) }
        return try unescape(raw, at: start)
    }

    mutating func optionalString() throws(Failure) -> String? {
        try consumeNull() ? nil : try string()
    }

    private func unescape(_ raw: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func bad(_ reason: String) -> Failure { Failure(offset: offset + i, reason: reason) }
        func hex4(_ at: Int) throws(Failure) -> UInt32 {
            guard at + 4 <= raw.count else { throw bad("short \\u escape") }
            var v: UInt32 = 0
            for k in at..<at + 4 {
                let c = raw[k]
                let d: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
                default: throw bad("invalid \\u escape")
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        while i < raw.count {
            let c = raw[i]
            guard c == backslash else { out.append(c); i += 1; continue }
            guard i + 1 < raw.count else { throw bad("dangling backslash") }
            switch raw[i + 1] {
            case quote: out.append(quote)
            case backslash: out.append(backslash)
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i + 2)
                var length = 6
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 12 <= raw.count, raw[i + 6] == backslash, raw[i + 7] == UInt8(ascii: "u")
                    else { throw bad("unpaired high surrogate") }
                    let low = try hex4(i + 8)
                    guard (0xDC00...0xDFFF).contains(low) else { throw bad("invalid low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    length = 12
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw bad("unpaired low surrogate")
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                i += length
                continue
            default:
                throw bad("invalid escape")
            }
            i += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: PokeAPI shapes

    /// `{"name": String, "url": String}`.
    mutating func resource() throws(Failure) -> NamedResource {
        try expect(openBrace)
        var name: String?, url: String?
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "name") { name = try string() }
            else if key(k, is: "url") { url = try string() }
            else { try skipValue() }
        }
        guard let name, let url else { throw fail("resource without name or url") }
        return NamedResource(name: name, url: url)
    }

    /// `{"name": String, "url": String}` → name.
    mutating func namedResource() throws(Failure) -> String {
        try resource().name
    }

    /// `{"count": Int, "next": String?, "results": [{"name", "url"}], …}`.
    mutating func listPage() throws(Failure) -> PokemonListPage {
        try expect(openBrace)
        var count: Int?, next: String?, results: [NamedResource]?
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "count") { count = try int() }
            else if key(k, is: "next") { next = try optionalString() }
            else if key(k, is: "results") { results = try namedResources() }
            else { try skipValue() }
        }
        guard let count else { throw fail("missing \"count\"") }
        guard let results else { throw fail("missing \"results\"") }
        return PokemonListPage(count: count, next: next, results: results)
    }

    /// `[{"name": String, "url": String}, …]`.
    private mutating func namedResources() throws(Failure) -> [NamedResource] {
        try expect(openBracket)
        var resources: [NamedResource] = []
        var first = true
        while try nextElement(&first) { resources.append(try resource()) }
        return resources
    }

    mutating func optionalNamedResource() throws(Failure) -> String? {
        try consumeNull() ? nil : try namedResource()
    }

    mutating func types() throws(Failure) -> [String] {
        try expect(openBracket)
        var slots: [(slot: Int, name: String)] = []
        var first = true
        while try nextElement(&first) {
            try expect(openBrace)
            var slot: Int?, name: String?
            var f = true
            while let k = try nextKey(&f) {
                if key(k, is: "slot") { slot = try int() }
                else if key(k, is: "type") { name = try namedResource() }
                else { try skipValue() }
            }
            guard let slot, let name else { throw fail("type entry without slot or type") }
            slots.append((slot, name))
        }
        // Same order as `types.sorted { $0.slot < $1.slot }` (stable sort in the stdlib).
        return slots.sorted { $0.slot < $1.slot }.map(\.name)
    }

    mutating func abilities() throws(Failure) -> [PokemonDetails.Ability] {
        try expect(openBracket)
        var result: [PokemonDetails.Ability] = []
        var first = true
        while try nextElement(&first) {
            try expect(openBrace)
            var name: String??, isHidden: Bool?, slot: Int?
            var f = true
            while let k = try nextKey(&f) {
                if key(k, is: "ability") { name = .some(try optionalNamedResource()) }
                else if key(k, is: "is_hidden") { isHidden = try bool() }
                else if key(k, is: "slot") { slot = try int() }
                else { try skipValue() }
            }
            guard let isHidden, let slot else { throw fail("ability entry without is_hidden or slot") }
            if let name = name ?? nil {
                result.append(PokemonDetails.Ability(name: name, isHidden: isHidden, slot: slot))
            }
        }
        return result
    }

    mutating func stats() throws(Failure) -> [PokemonDetails.Stat] {
        try expect(openBracket)
        var result: [PokemonDetails.Stat] = []
        var first = true
        while try nextElement(&first) {
            try expect(openBrace)
            var baseStat: Int?, effort: Int?, name: String?
            var f = true
            while let k = try nextKey(&f) {
                if key(k, is: "base_stat") { baseStat = try int() }
                else if key(k, is: "effort") { effort = try int() }
                else if key(k, is: "stat") { name = try namedResource() }
                else { try skipValue() }
            }
            guard let baseStat, let effort, let name else { throw fail("stat entry incomplete") }
            result.append(PokemonDetails.Stat(name: name, baseStat: baseStat, effort: effort))
        }
        return result
    }

    /// `sprites` → `other` → `official-artwork` → `front_default`, each level optional.
    mutating func officialArtwork() throws(Failure) -> String? {
        if try consumeNull() { return nil }
        try expect(openBrace)
        var url: String?
        var first = true
        while let k = try nextKey(&first) {
            guard key(k, is: "other") else { try skipValue(); continue }
            url = nil
            if try consumeNull() { continue }
            try expect(openBrace)
            var f2 = true
            while let k2 = try nextKey(&f2) {
                guard key(k2, is: "official-artwork") else { try skipValue(); continue }
                url = nil
                if try consumeNull() { continue }
                try expect(openBrace)
                var f3 = true
                while let k3 = try nextKey(&f3) {
                    if key(k3, is: "front_default") { url = try optionalString() } else { try skipValue() }
                }
            }
        }
        return url
    }

    mutating func pokemon() throws(Failure) -> PokemonDetails {
        try expect(openBrace)
        var id: Int?, name: String?
        var height: Int?, weight: Int?, baseExperience: Int?, order: Int?
        var species: String?, artwork: String?
        var types: [String]?, abilities: [PokemonDetails.Ability]?, stats: [PokemonDetails.Stat]?
        var first = true
        while let k = try nextKey(&first) {
            switch field(k) {
            case .id: id = try int()
            case .name: name = try string()
            case .order: order = try optionalInt()
            case .types: types = try self.types()
            case .stats: stats = try self.stats()
            case .height: height = try optionalInt()
            case .weight: weight = try optionalInt()
            case .species: species = try optionalNamedResource()
            case .sprites: artwork = try officialArtwork()
            case .abilities: abilities = try self.abilities()
            case .baseExperience: baseExperience = try optionalInt()
            case .other: try skipValue()
            }
        }
        guard let id else { throw fail("missing \"id\"") }
        guard let name else { throw fail("missing \"name\"") }
        guard let types, let abilities, let stats else { throw fail("missing types, abilities or stats") }
        return PokemonDetails(
            id: id, name: name, height: height, weight: weight, baseExperience: baseExperience,
            order: order, speciesName: species, types: types, abilities: abilities, stats: stats,
            officialArtworkURL: artwork)
    }

    private enum Field { case id, name, order, types, stats, height, weight, species, sprites, abilities, baseExperience, other }

    /// Dispatches on length first: most top-level keys (moves, game_indices, …) are skipped.
    private func field(_ k: Key) -> Field {
        if k.escaped {  // never in PokeAPI bodies; compare after unescaping
            for (literal, field) in [("id", Field.id), ("name", .name), ("order", .order), ("types", .types),
                                     ("stats", .stats), ("height", .height), ("weight", .weight),
                                     ("species", .species), ("sprites", .sprites), ("abilities", .abilities),
                                     ("base_experience", .baseExperience)] as [(StaticString, Field)]
            where key(k, is: literal) { return field }
            return .other
        }
        switch k.count {
        case 2 where key(k, is: "id"): return .id
        case 4 where key(k, is: "name"): return .name
        case 5 where key(k, is: "order"): return .order
        case 5 where key(k, is: "types"): return .types
        case 5 where key(k, is: "stats"): return .stats
        case 6 where key(k, is: "height"): return .height
        case 6 where key(k, is: "weight"): return .weight
        case 7 where key(k, is: "species"): return .species
        case 7 where key(k, is: "sprites"): return .sprites
        case 9 where key(k, is: "abilities"): return .abilities
        case 15 where key(k, is: "base_experience"): return .baseExperience
        default: return .other
        }
    }
}

/// The byte ranges of the elements of a top-level JSON array, so each item of a GitHub
/// page can be stored exactly as received.
enum JSONArrayElements {
    static func ranges(in body: Data) throws(PokeAPIScanner.Failure) -> [Range<Int>] {
        try scanWhole(body) { scanner throws(PokeAPIScanner.Failure) in
            try scanner.expect(openBracket)
            var ranges: [Range<Int>] = []
            var first = true
            while try scanner.nextElement(&first) {
                let start = scanner.pos
                try scanner.skipValue()
                ranges.append(start..<scanner.pos)
            }
            return ranges
        }
    }
}
