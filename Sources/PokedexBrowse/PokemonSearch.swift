import PokedexStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Pokémon a search finds, best first: an exact name (or id) in any language, then names
/// that start with the words, then names that hold them, then near spellings; the Pokédex
/// order among equals. Filters alone list every Pokémon that passes, in Pokédex order.
public enum PokemonSearch {
    /// Indices into `catalog.rows`; nil when `isCancelled` said stop (a newer keystroke).
    public static func results(
        for query: PokemonQuery, in catalog: PokedexCatalog, isCancelled: () -> Bool = { false }
    ) -> [Int]? {
        let words = query.words
        let compacted = NameFolding.compacted(words)
        let characters = Array(words)
        let scalars = SearchKeys.scalars(of: words)
        var ranked: [(rank: Int, index: Int)] = []
        for (index, row) in catalog.rows.enumerated() {
            if index % 256 == 0, isCancelled() { return nil }
            guard query.admits(row) else { continue }
            if words.isEmpty {
                ranked.append((0, index))
            } else if let id = query.id, id == row.id {
                ranked.append((0, index))
            } else if let rank = rank(row.keys, words, compacted, characters, scalars) {
                ranked.append((rank, index))
            }
        }
        return ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.index)
    }

    /// 0 exact, 1 prefix, 2 substring, 3 near spelling; nil for no match.
    static func rank(
        _ keys: SearchKeys, _ words: String, _ compacted: String, _ characters: [Character],
        _ scalars: [Unicode.Scalar]?
    ) -> Int? {
        var best: Int?
        // The "did you mean" bound: no nearer spelling is further than this in length either.
        let bound = max(2, characters.count / 3)
        for index in keys.names.indices {
            // Folded names compare as bytes: the Unicode-aware String operations, which fold
            // again what is folded already, took most of each search.
            let name = keys.names[index].utf8
            if name.elementsEqual(words.utf8) || keys.compacted[index].utf8.elementsEqual(compacted.utf8) { return 0 }
            if name.starts(with: words.utf8) {
                best = 1
            } else if best ?? .max > 2, holds(keys.names[index], words) {
                best = 2
            } else if best == nil, characters.count >= 4, abs(keys.lengths[index] - characters.count) <= bound,
                isNear(keys, index, characters, scalars, bound: bound)
            {
                best = 3
            }
        }
        return best
    }

    /// Whether the name at `index` is a near spelling of the words: as scalars where both are
    /// one scalar a character (the same distance then, many times faster), else as characters.
    static func isNear(
        _ keys: SearchKeys, _ index: Int, _ characters: [Character], _ scalars: [Unicode.Scalar]?, bound: Int
    ) -> Bool {
        if let scalars, let name = keys.scalars[index] {
            return PokemonName.nearDistance(scalars, name, bound: bound) != nil
        }
        return PokemonName.nearDistance(characters, keys.names[index], bound: bound) != nil
    }

    /// Whether `name` holds `words`, byte for byte.
    static func holds(_ name: String, _ words: String) -> Bool {
        let found = name.utf8.withContiguousStorageIfAvailable { haystack in
            words.utf8.withContiguousStorageIfAvailable { needle in
                contains(haystack, needle)
            }
        }
        return (found ?? nil) ?? name.contains(words)
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == first && memcmp(haystack.baseAddress! + start, needle.baseAddress!, needle.count) == 0
        {
            return true
        }
        return false
    }
}
