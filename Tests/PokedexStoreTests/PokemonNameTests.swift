import Testing

@testable import PokedexStore
@testable import TextUtilities

@Suite("Name folding and suggestions")
struct PokemonNameTests {
    @Test(
        "folds what people type to PokeAPI's slug",
        arguments: [
            ("pikachu", "pikachu"), ("Pikachu", "pikachu"), ("PIKACHU", "pikachu"), ("  pikachu ", "pikachu"),
            ("Mr. Mime", "mr-mime"), ("mr mime", "mr-mime"), ("MR-MIME", "mr-mime"), ("mr.mime", "mr-mime"),
            ("Mime Jr.", "mime-jr"), ("Nidoran♀", "nidoran-f"), ("Nidoran♂", "nidoran-m"), ("nidoran f", "nidoran-f"),
            ("Farfetch’d", "farfetchd"), ("Farfetch'd", "farfetchd"), ("Sirfetch’d", "sirfetchd"),
            ("Flabébé", "flabebe"), ("FLABÉBÉ", "flabebe"), ("Type: Null", "type-null"), ("Porygon-Z", "porygon-z"),
            ("Ho-Oh", "ho-oh"), ("porygon2", "porygon2"), ("Jangmo-o", "jangmo-o"), ("tapu_koko", "tapu-koko"),
            ("", ""), ("!!!", ""), ("Mr.  Mime", "mr-mime"),
        ])
    func slug(typed: String, expected: String) {
        #expect(PokemonName.slug(typed) == expected)
    }

    @Test("an ASCII text takes the byte path, with the result the character rules give")
    func asciiPathAgreesWithCharacterRules() {
        var generator = SystemRandomNumberGenerator()
        let every = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        let texts =
            every + every.map { "Mr\($0)Mime" } + ["\r\n", "a\r\nb", "  --a''b``c  "]
            + (0..<2000).map { _ in
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in every.randomElement()! }.joined()
            }
        for text in texts {
            let byBytes = PokemonName.asciiSlug(text)
            #expect(byBytes == PokemonName.unicodeSlug(text, keepingOtherScripts: true), "\(Array(text.utf8))")
            #expect(byBytes == PokemonName.unicodeSlug(text, keepingOtherScripts: false), "\(Array(text.utf8))")
        }
        #expect(PokemonName.asciiSlug("Flabébé") == nil)
    }

    let names = [
        "pikachu", "raichu", "pichu", "mr-mime", "mime-jr", "nidoran-f", "nidoran-m", "deoxys-normal",
        "deoxys-attack", "charmander", "charmeleon",
    ]

    @Test("suggests near misses, nearest first")
    func nearMisses() {
        #expect(PokemonName.suggestions(for: "pikchu", among: names).first == "pikachu")
        #expect(PokemonName.suggestions(for: "charmandr", among: names).first == "charmander")
        #expect(PokemonName.suggestions(for: "mr-mine", among: names).first == "mr-mime")
    }

    @Test("suggests names containing the query")
    func containing() {
        #expect(Set(PokemonName.suggestions(for: "deoxys", among: names)) == ["deoxys-normal", "deoxys-attack"])
        #expect(PokemonName.suggestions(for: "nidoran", among: names).prefix(2).sorted() == ["nidoran-f", "nidoran-m"])
    }

    @Test(
        "a near spelling of a longer name comes before a shorter name the query holds",
        arguments: [
            ("thunderbolr", ["thunder", "thunderbolt"], ["thunderbolt", "thunder"]),
            ("pikachuxy", ["pikachu", "pikachuxz"], ["pikachuxz", "pikachu"]),
            // A name the query begins still comes first.
            ("pikac", ["pikas", "pikachu"], ["pikachu", "pikas"]),
        ])
    func nearerFirst(query: String, names: [String], suggested: [String]) {
        #expect(PokemonName.suggestions(for: query, among: names) == suggested)
    }

    @Test("suggests nothing for something unlike any name")
    func nothingClose() {
        #expect(PokemonName.suggestions(for: "zzzzzzzzzz", among: names).isEmpty)
        #expect(PokemonName.suggestions(for: "", among: names).isEmpty)
    }

    @Test(
        "a name is no suggestion when it shares nothing with the query, or is a small part of it",
        arguments: [
            ("10", ["あく", "いわ", "ab"], [String]()), ("fier", ["あく", "fire", "ice"], ["fire"]),
            ("pikachuu", ["uu", "pikachu"], ["pikachu"]), ("xy", ["ab", "xz"], ["xz"]),
        ])
    func unrelated(query: String, names: [String], suggested: [String]) {
        #expect(PokemonName.suggestions(for: query, among: names) == suggested)
    }

    @Test(
        "edit distance counts an adjacent swap as one edit",
        arguments: [
            ("pikachu", "pikachu", 0), ("pikachu", "pikahcu", 1), ("pikachu", "pikchu", 1), ("abc", "xyz", 3),
            ("", "abc", 3),
        ])
    func editDistance(left: String, right: String, expected: Int) {
        #expect(EditDistance.between(Array(left), Array(right), bound: 5) == expected)
    }
}
