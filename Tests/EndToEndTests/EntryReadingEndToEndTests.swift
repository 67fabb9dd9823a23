import Foundation
import LocalDatabase
import PokedexStore
import TestSupport
import Testing

/// The real `pokedex` binary on `PokedexEntryFixture`: what people read is words, not slugs
/// (stats, egg groups, varieties), forms are told apart with their species' number, types and
/// abilities are found by id, and empty or unknown answers say why.
@Suite("Reading the Pokédex entry end to end")
struct EntryReadingEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = try PokedexEntryFixture.databaseFile(in: directory)
    }

    func pokedex(_ arguments: String...) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments)
    }

    @Test("show: stats, egg groups (the body's order) and varieties read as words")
    func readableShow() throws {
        let result = try pokedex("show", "pikachu")
        #expect(result.status == 0, "\(result.stderr)")
        for expected in [
            "  HP                35", "  Special Attack    50", "  Special Defense   50", "Egg groups  Ground, Fairy",
            "Rock Star", "(Legends Arceus)",
        ] {
            #expect(result.stdout.contains(expected), "missing \(expected) in\n\(result.stdout)")
        }
        #expect(!result.stdout.contains("special-attack") && !result.stdout.contains("pikachu-rock-star"))
    }

    @Test("a form: its species' Pokédex number and its form's name; --json keeps id and adds both")
    func form() throws {
        let text = try pokedex("show", "raichu-alola")
        #expect(text.stdout.hasPrefix("#0026 Raichu (Alola) · Mouse Pokémon\n"), "\(text.stdout)\(text.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try pokedex("show", "raichu-alola", "--json").stdout.utf8))
                as? [String: Any])
        #expect(json["id"] as? Int == 10100 && json["pokedex_number"] as? Int == 26)
        #expect(json["form"] as? String == "alola" && json["number"] as? String == "#0026")
        let raichu = try #require(
            try JSONSerialization.jsonObject(with: Data(try pokedex("show", "raichu", "--json").stdout.utf8))
                as? [String: Any])
        #expect(raichu["form"] is NSNull && raichu["pokedex_number"] as? Int == 26)
    }

    @Test("once its pokemon-form is stored, a form's heading, --json and its species' varieties give its name")
    func formName() throws {
        let store = try LocalStore.openForWriting(path: database)
        try store.run("INSERT OR IGNORE INTO sync_resource (name) VALUES ('pokemon-form')")
        try store.run(
            "INSERT INTO pokeapi_resource (kind, id, name, url) VALUES ('pokemon-form', 10100, 'raichu-alola', 'u')")
        try store.run(
            """
            INSERT INTO pokeapi_name (kind, id, language, name, folded)
            VALUES ('pokemon-form', 10100, 'en', 'Alolan Raichu', 'alolan raichu')
            """)
        let text = try pokedex("show", "raichu-alola")
        #expect(text.stdout.hasPrefix("#0026 Alolan Raichu · Mouse Pokémon\n"), "\(text.stdout)\(text.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try pokedex("show", "raichu-alola", "--json").stdout.utf8))
                as? [String: Any])
        #expect(json["form_display_name"] as? String == "Alolan Raichu" && json["display_name"] as? String == "Raichu")
        let raichu = try pokedex("show", "raichu")
        #expect(raichu.stdout.hasPrefix("#0026 Raichu · Mouse Pokémon\n"), "\(raichu.stdout)")
        // The species' varieties by the same name; in Japanese, which names the form only, by
        // the species' name with that, as its heading; in German, which names it neither way
        // here, in English.
        #expect(raichu.stdout.contains("Varieties   Alolan Raichu, Mega X, Mega Y\n"), "\(raichu.stdout)")
        try store.run(
            """
            INSERT INTO pokemon_form (id, name, pokemon, form_name, is_default)
            VALUES (10100, 'raichu-alola', 'raichu-alola', 'alola', 1)
            """)
        try store.run("INSERT INTO pokemon_form_label (form_id, language, name) VALUES (10100, 'ja', 'アローラのすがた')")
        store.close()
        let japanese = try pokedex("show", "raichu", "--lang", "ja")
        #expect(japanese.stdout.contains("Varieties   ライチュウ (アローラのすがた), Mega X, Mega Y\n"), "\(japanese.stdout)")
        let german = try pokedex("show", "raichu", "--lang", "de")
        #expect(german.stdout.contains("Varieties   Alolan Raichu, Mega X, Mega Y\n"), "\(german.stdout)")
    }

    @Test("a Pokémon's forms that are not Pokémon of their own: by name, in the display language, in --json")
    func forms() throws {
        let store = try LocalStore.openForWriting(path: database)
        try store.run(
            """
            INSERT INTO pokemon_form (id, name, pokemon, form_name, form_order, is_default) VALUES
                (25, 'pikachu', 'pikachu', '', 1, 1), (10998, 'pikachu-starter', 'pikachu', 'starter', 3, 0),
                (10999, 'pikachu-sunny-day', 'pikachu', 'sunny-day', 2, 0)
            """)
        try store.run(
            """
            INSERT INTO pokemon_form_label (form_id, language, name) VALUES
                (10999, 'en', 'Sunny Form'), (10999, 'ja-hrkt', 'たいようのすがた')
            """)
        store.close()
        let text = try pokedex("show", "pikachu")
        #expect(text.stdout.contains("\nForms       Pikachu, Sunny Form, Starter\n"), "\(text.stdout)")
        let japanese = try pokedex("show", "pikachu", "--lang", "ja")
        #expect(japanese.stdout.contains("\nForms       Pikachu, たいようのすがた, Starter\n"), "\(japanese.stdout)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try pokedex("show", "pikachu", "--json").stdout.utf8))
                as? [String: Any])
        let forms = try #require(json["forms"] as? [[String: String]])
        #expect(forms.map { $0["name"] } == ["pikachu", "pikachu-sunny-day", "pikachu-starter"])
        #expect(forms.map { $0["display_name"] } == ["Pikachu", "Sunny Form", "Starter"])
        #expect(try pokedex("show", "raichu").stdout.contains("\nForms") == false, "one form: no line")
    }

    @Test("list, type and ability tell the forms of one species apart")
    func formsInLists() throws {
        let list = try pokedex("list", "--type", "electric")
        #expect(list.stdout.contains("Raichu (Alola)"), "\(list.stdout)")
        let type = try pokedex("type", "psychic")
        #expect(type.stdout.contains("Raichu (Alola)"), "\(type.stdout)")
        let ability = try pokedex("ability", "pickup")
        #expect(ability.stdout.contains("Meowth, Meowth (Galar)"), "\(ability.stdout)")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(try pokedex("list", "--type", "psychic", "--json").stdout.utf8))
                as? [[String: Any]])
        let alola = try #require(listed.first { $0["id"] as? Int == 10100 })
        #expect(alola["pokedex_number"] as? Int == 26 && alola["form"] as? String == "alola")
    }

    @Test("type and ability by id; list --type suggests like type does, near the query")
    func idsAndSuggestions() throws {
        let type = try pokedex("type", "10")
        #expect(type.status == 0 && type.stdout.hasPrefix("Fire (fire)"), "\(type.stdout)\(type.stderr)")
        let ability = try pokedex("ability", "9")
        #expect(
            ability.status == 0 && ability.stdout.hasPrefix("Static (static)"), "\(ability.stdout)\(ability.stderr)")
        for arguments in [["list", "--type", "fier"], ["type", "fier"]] {
            let result = try PokedexProcess.run(["--db", database] + arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains("no type named 'fier' in the local data (did you mean Fire?)"),
                "\(result.stderr)"
            )
        }
        let digits = try pokedex("type", "99")
        #expect(digits.status == 66 && !digits.stderr.contains("did you mean"), "\(digits.stderr)")
    }

    @Test("a name typed without separators is found")
    func withoutSeparators() throws {
        let result = try pokedex("show", "nidoranf")
        #expect(result.status == 0 && result.stdout.hasPrefix("#0029 Nidoran♀"), "\(result.stdout)\(result.stderr)")
    }

    @Test("a species stored without its Pokémon says so and names the sync that stores it")
    func speciesOnly() throws {
        let writer = try LocalStore.openForWriting(path: database)
        try writer.execute("DELETE FROM pokemon WHERE id = 172")
        writer.close()
        let result = try pokedex("show", "pichu")
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("Pichu (pichu) is stored only as a species"), "\(result.stderr)")
        #expect(result.stderr.contains("`pokedex sync`") && !result.stderr.contains("did you mean"), "\(result.stderr)")
    }

    @Test(
        "a list nothing matches prints nothing on stdout, one line on stderr, and exits 0 (like issues)",
        arguments: [
            (["list", "--generation", "10"], "no Pokémon stored matches --generation 10"),
            (["list", "--type", "stellar"], "no Pokémon stored matches --type stellar"),
            (["list", "--offset", "500"], "--offset 500 is past the 25 Pokémon stored"),
        ])
    func emptyList(arguments: [String], message: String) throws {
        let writer = try LocalStore.openForWriting(path: database)
        try writer.execute("INSERT OR IGNORE INTO type (id, name, url, listed_at) VALUES (19, 'stellar', 'u', 't')")
        writer.close()
        let result = try PokedexProcess.run(["--db", database] + arguments)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr == message + "\n", "\(result.stderr)")
        let quiet = try PokedexProcess.run(["--db", database, "-q"] + arguments)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet.stderr)")
        let json = try PokedexProcess.run(["--db", database] + arguments + ["--json"])
        #expect(json.status == 0 && json.stdout == "[]\n", "\(json.stdout)")
    }
}
