import PokedexStore

extension PokemonDetails {
    /// What in a detail body contradicts itself, so that it cannot be stored as one Pokémon
    /// (the store keys abilities by slot); nil when nothing does. Such a body is bad server
    /// data, refused naming its URL, not a failure to write the database.
    var inconsistency: String? {
        var slots: Set<Int> = []
        for ability in abilities where !slots.insert(ability.slot).inserted {
            return "two abilities in slot \(ability.slot)"
        }
        return nil
    }
}
