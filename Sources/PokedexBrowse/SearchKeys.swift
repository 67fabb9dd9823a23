import PokedexStore

/// What a Pokémon search compares: the Pokémon's names in every language and its slug, folded
/// (`NameFolding`), and what the filters select by.
public struct SearchKeys: Equatable, Sendable {
    public let names: [String]
    public let types: [String]
    public let generation: Int?
    public let abilities: [String]
    /// Each name's length in characters: a name too much longer or shorter than the words
    /// cannot be a near spelling, and is not compared letter by letter.
    let lengths: [Int]
    /// Each name without its word separators (`NameFolding.compacted`): `mrmime` finds Mr. Mime.
    let compacted: [String]
    /// Each name's Unicode scalars when each of its characters is one scalar (nearly all
    /// folded names), for near spellings compared as integers; nil for the others.
    let scalars: [[Unicode.Scalar]?]

    /// `foldedNames` already folded (`NameFolding.fold`), as the store keeps them.
    public init(slug: String, foldedNames: [String], types: [String], generation: Int?, abilities: [String]) {
        self.init(
            names: [NameFolding.fold(slug)], adding: foldedNames, types: types, generation: generation,
            abilities: abilities)
    }

    /// These keys with more names (folded) and the abilities: the search index read in.
    func adding(foldedNames: [String], abilities: [String]) -> SearchKeys {
        SearchKeys(names: names, adding: foldedNames, types: types, generation: generation, abilities: abilities)
    }

    private init(names: [String], adding more: [String], types: [String], generation: Int?, abilities: [String]) {
        var folded = names
        var seen = Set(folded)
        for name in more where seen.insert(name).inserted { folded.append(name) }
        self.names = folded
        lengths = folded.map(\.count)
        compacted = folded.map(NameFolding.compacted)
        scalars = folded.map(Self.scalars(of:))
        self.types = types
        self.generation = generation
        self.abilities = abilities
    }

    /// `text`'s Unicode scalars when each of its characters is one; nil otherwise.
    static func scalars(of text: String) -> [Unicode.Scalar]? {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == text.count ? scalars : nil
    }
}
