/// Which form of its species a Pokémon is, from the slugs alone: PokeAPI names a species'
/// other Pokémon after it (`raichu-alola`, `charizard-mega-x`, `deoxys-normal`), so the rest of
/// the slug tells the rows of one species apart where their display names are the same.
public enum PokemonForm {
    /// `raichu-alola` of `raichu` → `alola`; nil for the species' own slug, without a species,
    /// or for a slug not built on the species'.
    public static func suffix(pokemon: String, species: String?) -> String? {
        guard let species, !species.isEmpty, pokemon.count > species.count + 1,
            pokemon.hasPrefix(species + "-")
        else { return nil }
        return String(pokemon.dropFirst(species.count + 1))
    }

    /// A form's name from its species' name and its own, as PokeAPI's `form_names` give it:
    /// the own name alone where it names the species already ("メガリザードンＸ",
    /// "ハードロック・ピカチュウ"), else the two ("ライチュウ (アローラのすがた)").
    public static func labelled(speciesName: String, label: String) -> String {
        let species = NameFolding.fold(speciesName)
        if species.isEmpty || NameFolding.fold(label).contains(species) { return label }
        return "\(speciesName) (\(label))"
    }
}
