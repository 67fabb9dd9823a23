import PokedexStore
import Testing

@Suite("Pokémon forms from slugs and names")
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

    @Test(
        "a form's own name alone where it names its species already, else after the species' name",
        arguments: [
            ("リザードン", "メガリザードンＸ", "メガリザードンＸ"),
            ("ピカチュウ", "ハードロック・ピカチュウ", "ハードロック・ピカチュウ"),
            ("ライチュウ", "アローラのすがた", "ライチュウ (アローラのすがた)"),
            ("리자몽", "메가리자몽X", "메가리자몽X"), ("라이츄", "알로라의 모습", "라이츄 (알로라의 모습)"),
            // Folded as names are: case and width.
            ("Pikachu", "PIKACHU Libre", "PIKACHU Libre"), ("ﾋﾟｶﾁｭｳ", "ピカチュウ帽", "ピカチュウ帽"),
            ("Pikachu", "Rock Star", "Pikachu (Rock Star)"), ("", "Rock Star", "Rock Star"),
        ])
    func labelled(species: String, label: String, expected: String) {
        #expect(PokemonForm.labelled(speciesName: species, label: label) == expected)
    }
}
