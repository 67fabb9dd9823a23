import PokedexStore
import Testing

@Suite("Pokémon forms from slugs")
struct PokemonFormTests {
    @Test(
        "the form is the Pokémon's slug after its species'",
        arguments: [
            ("raichu-alola", "raichu", "alola"), ("charizard-mega-x", "charizard", "mega-x"),
            ("deoxys-normal", "deoxys", "normal"), ("pikachu", "pikachu", nil), ("mr-mime", "mr-mime", nil),
            ("mr-mime-galar", "mr-mime", "galar"), ("pikachu", nil, nil), ("raichu-", "raichu", nil),
            ("raichuu", "raichu", nil), ("ho-oh", "ho", "oh"), ("pikachu", "", nil),
        ] as [(String, String?, String?)])
    func suffix(pokemon: String, species: String?, form: String?) {
        #expect(PokemonForm.suffix(pokemon: pokemon, species: species) == form)
    }
}
