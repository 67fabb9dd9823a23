/// The kinds `pokedex` has a command to show, for saying which of them a name means when it
/// was asked for as another (`move pikachu`: Pikachu is a Pokémon).
public enum ShownKind: String, CaseIterable, Sendable {
    case pokemon, move, item, location, type, ability
}

extension PokedexEntryQueries {
    /// The kinds other than `asked` that have a resource named exactly `text` (its slug, or a
    /// stored name in any language, folded), each with that resource's slug; none for an id,
    /// which every kind has.
    public func kinds(naming text: String, other asked: ShownKind) throws -> [(kind: ShownKind, slug: String)] {
        guard Self.id(text) == nil else { return [] }
        var found: [(kind: ShownKind, slug: String)] = []
        for kind in ShownKind.allCases where kind != asked {
            if let slug = try slug(text, kind: kind) { found.append((kind, slug)) }
        }
        return found
    }

    private func slug(_ text: String, kind: ShownKind) throws -> String? {
        switch kind {
        case .pokemon: return try pokemonOrSpeciesSlug(text)
        case .move: return try moveSlug(text)
        case .item, .location: return try resourceSlug(text, kind: kind.rawValue)
        case .type: return try typeSlug(text)
        case .ability: return try abilitySlug(text)
        }
    }

    /// A Pokémon's slug, or a species' whose name in any language `text` is; `show` takes both.
    /// Romanized Japanese names are left out: they are English words as often as not (Moltres
    /// is "Fire", Zapdos "Thunder"), so `ability fire` would be told of Moltres.
    private func pokemonOrSpeciesSlug(_ text: String) throws -> String? {
        let trimmed = Self.trimmed(NameFolding.normalizedWidthAndKana(text))
        let slug = PokemonName.slug(trimmed)
        if !slug.isEmpty,
            let found = try database.queryFirst(
                "SELECT name FROM pokemon WHERE name = ?", [.text(slug)], row: { $0.text(0) })
        {
            return found
        }
        return try speciesNames(folded: NameFolding.fold(trimmed)).first { $0.language != "ja-roma" }?.speciesName
    }
}
