/// The kinds `pokedex` has a command to show, for saying which of them a name means when it
/// was asked for as another (`move pikachu`: Pikachu is a Pokémon).
public enum ShownKind: String, CaseIterable, Sendable {
    case pokemon, move, item, location, type, ability
}

extension PokedexEntryQueries {
    /// The kinds other than `asked` that have a resource the kind's own command finds by `text`
    /// (its slug, a stored name in any language, folded, or typed as one word), each with that
    /// resource's slug; none for an id, which every kind has.
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
        case .pokemon: return try pokemonSlug(text)
        // As `move` reads them: a move only a learnset names is not one it shows.
        case .move, .item, .location: return try resourceSlug(text, kind: kind.rawValue)
        case .type: return try typeSlug(text)
        case .ability: return try abilitySlug(text)
        }
    }

    /// The slug of the stored Pokémon `show` finds by `text`. Romanized Japanese names are left
    /// out: they are English words as often as not (Moltres is "Fire", Zapdos "Thunder"), so
    /// `ability fire` would be told of Moltres.
    private func pokemonSlug(_ text: String) throws -> String? {
        guard case .found(let id, _)? = try storedPokemon(text, romanized: false) else { return nil }
        return try database.queryFirst("SELECT name FROM pokemon WHERE id = ?", [.int(id)]) { $0.text(0) }
    }
}
