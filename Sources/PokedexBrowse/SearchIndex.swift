/// What a Pokémon search compares beyond what the list shows: each Pokémon's names in every
/// language and its abilities, by id, and the names the filters accept. Read after the first
/// frame is drawn: it was half of the start.
public struct SearchIndex: Sendable {
    /// Already folded (`NameFolding.fold`), as the store keeps them.
    public var foldedNames: [Int: [String]]
    public var abilities: [Int: [String]]
    public var vocabulary: SearchVocabulary

    public init(foldedNames: [Int: [String]], abilities: [Int: [String]], vocabulary: SearchVocabulary) {
        self.foldedNames = foldedNames
        self.abilities = abilities
        self.vocabulary = vocabulary
    }
}
