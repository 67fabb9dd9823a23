import TextUtilities

/// Turns what people type ("Mr. Mime", "Nidoran♀", "Farfetch’d", "Flabébé", "PIKACHU")
/// into PokeAPI's ASCII slug (`mr-mime`, `nidoran-f`, `farfetchd`, `flabebe`, `pikachu`).
public enum PokemonName {
    public static func slug(_ text: String) -> String {
        slug(text, keepingOtherScripts: false)
    }

    /// With `keepingOtherScripts`, letters and digits of scripts other than Latin (ピカチュウ,
    /// 피카츄, Пикачу) are kept, lower-cased, instead of separating words: `NameFolding`.
    static func slug(_ text: String, keepingOtherScripts: Bool) -> String {
        asciiSlug(text) ?? unicodeSlug(text, keepingOtherScripts: keepingOtherScripts)
    }

    /// The rules for any text, character by character.
    static func unicodeSlug(_ text: String, keepingOtherScripts: Bool) -> String {
        var slug = ""
        var pendingSeparator = false
        func append(_ piece: String) {
            if pendingSeparator && !slug.isEmpty { slug += "-" }
            pendingSeparator = false
            slug += piece
        }
        for character in text.lowercased() {
            // ASCII first: most names never need the folding table built.
            if character.isASCII && (character.isLetter || character.isNumber) {
                append(String(character))
            } else if apostrophes.contains(character) {
                continue  // "Farfetch’d" is farfetchd, not farfetch-d
            } else if character == "♀" || character == "♂" {
                pendingSeparator = true
                append(character == "♀" ? "f" : "m")
            } else if let folded = foldedLetters[character] {
                append(folded)
            } else if keepingOtherScripts && !character.isASCII && (character.isLetter || character.isNumber) {
                append(String(character))
            } else {
                pendingSeparator = true  // spaces, dots, colons, hyphens, anything else
            }
        }
        return slug
    }

    private static let apostrophes: Set<Character> = ["'", "’", "‘", "`", "´"]

    /// The slug of an all-ASCII text (most names a sync folds, and most typed), byte by byte
    /// by the same rules, without the per-character strings and Unicode property lookups of
    /// the general path; nil for any other text.
    static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var slug: [UInt8] = []
            slug.reserveCapacity(bytes.count)
            var pendingSeparator = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                let lower = byte | (byte &- UInt8(ascii: "A") < 26 ? 0x20 : 0)
                if lower &- UInt8(ascii: "a") < 26 || lower &- UInt8(ascii: "0") < 10 {
                    if pendingSeparator && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingSeparator = false
                    slug.append(lower)
                } else if lower != UInt8(ascii: "'") && lower != UInt8(ascii: "`") {
                    pendingSeparator = true
                }
            }
            return String(decoding: slug, as: UTF8.self)
        }
    }

    /// Latin letters with diacritics and ligatures, folded to ASCII; PokeAPI's slugs drop
    /// accents ("Flabébé" → flabebe).
    private static let foldedLetters: [Character: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"),
            ("ĥħ", "h"), ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"),
            ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"), ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"),
            ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
        ]
        var table: [Character: String] = ["æ": "ae", "œ": "oe", "ß": "ss", "þ": "th", "ð": "d"]
        for (letters, ascii) in groups {
            for letter in letters { table[letter] = ascii }
        }
        return table
    }()

    /// Up to `limit` known names closest to `query` (already a slug): names containing it
    /// first, then those within a small edit distance, nearest first; among equally near
    /// names, the one sharing the longer start wins (people get the start right).
    public static func suggestions(for query: String, among names: [String], limit: Int = 5) -> [String] {
        guard !query.isEmpty else { return [] }
        let maximumDistance = max(2, query.count / 3)
        let queryCharacters = Array(query)
        var scored: [(name: String, score: Int)] = []
        for name in names {
            if name.contains(query) {
                // A query a name holds is that name begun: `pika`, before any near spelling.
                scored.append((name, name.count - query.count - 100))
            } else if query.count >= 4, name.count * 2 > query.count, query.contains(name) {
                // A name inside the query counts when it is most of it: `pikachuu` holds `pikachu`
                // (and `uu`, which is no suggestion), as far as the letters it lacks, so that a
                // near spelling of a longer name beats it (`thunderbolr`: Thunderbolt, then Thunder).
                scored.append((name, query.count - name.count))
            } else if let distance = nearDistance(queryCharacters, name, bound: maximumDistance) {
                scored.append((name, distance))
            }
        }
        func sharedStart(_ name: String) -> Int { EditDistance.sharedStart(name, query) }
        return
            scored
            .sorted { ($0.score, -sharedStart($0.name), $0.name) < ($1.score, -sharedStart($1.name), $1.name) }
            .prefix(limit).map(\.name)
    }

    /// How many edits `name` is from the query when it is a near spelling of it: within
    /// `bound` (by default a third of the query, at least 2), and nearer than either's length,
    /// since a name as far as its own length (or the query's) shares nothing with it (`10` is
    /// two edits from every two-letter name in any script). Nil when it is not near.
    public static func nearDistance(_ query: [Character], _ name: String, bound: Int? = nil) -> Int? {
        nearDistance(query, Array(name), bound: bound ?? max(2, query.count / 3))
    }

    /// The same, over a name's and the query's characters as any equatable units: Unicode
    /// scalars where each character is one, which compare as integers.
    @inlinable
    public static func nearDistance<Unit: Equatable>(_ query: [Unit], _ name: [Unit], bound: Int) -> Int? {
        let distance = EditDistance.between(query, name, bound: bound)
        return distance <= bound && distance < name.count && distance < query.count ? distance : nil
    }
}
