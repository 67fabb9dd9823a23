import PokedexStore

/// The slugs that types' and abilities' names in every language mean, for the filters. Names
/// are folded when a filter asks, not when the app starts: most searches have no filter, and
/// folding every ability's name in every language took a fifth of the start.
public struct SearchVocabulary: Equatable, Sendable {
    struct Name: Equatable, Sendable {
        let slug: String
        let name: String
    }

    let types: [Name]
    let abilities: [Name]

    /// Each slug with each of its names.
    public init(types: [(slug: String, name: String)] = [], abilities: [(slug: String, name: String)] = []) {
        self.types = types.map(Name.init)
        self.abilities = abilities.map(Name.init)
    }

    func type(_ text: String) -> String? { Self.slug(text, among: types) }

    func ability(_ text: String) -> String? { Self.slug(text, among: abilities) }

    /// The slug `text` is, or names in some language, folded.
    private static func slug(_ text: String, among names: [Name]) -> String? {
        let folded = NameFolding.fold(text)
        return names.first { $0.slug == folded }?.slug ?? names.first { NameFolding.fold($0.name) == folded }?.slug
    }
}
