import Foundation
import LocalDatabase
import PokedexStore
import TestSupport
import Testing

/// The real `pokedex` binary on a database the test fills with `PokedexEntryFixture` (real
/// PokeAPI data for 25 Pokémon, every type, their abilities): `show` in several languages,
/// `type`, `ability`, `list --generation --type`, an unknown `--lang`.
@Suite("Pokédex entry end to end")
struct PokedexEntryEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = try PokedexEntryFixture.databaseFile(in: directory)
    }

    func pokedex(_ arguments: String..., environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: environment)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("show in English: number, genus, types, evolution, matchups, texts, all within 80 columns")
    func showEnglish() throws {
        let result = try pokedex("show", "pikachu")
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout
        for expected in [
            "#0025 Pikachu · Mouse Pokémon", "Generation  1", "Types       Electric", "0.4 m (1′04″)",
            "6.0 kg (13.2 lb)", "Static", "Lightning Rod (hidden)", "Pichu (baby) → Pikachu (high friendship)",
            "→ Raichu (Thunder Stone)", "Weak        2× Ground", "½× Flying, Steel, Electric", "50% male, 50% female",
            "Capture     190", "Rock Star", "Total", "(Legends Arceus)",
        ] {
            #expect(text.contains(expected), "missing \(expected) in\n\(text)")
        }
        // Only a link, which cannot be broken, is longer.
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.contains("https://") }, "\(text)")
    }

    @Test("show in French, Japanese (by hiragana) and German; --json keys do not change with the language")
    func showLanguages() throws {
        let french = try pokedex("show", "Pikachu", "--lang", "fr")
        #expect(french.status == 0 && french.stdout.contains("Pokémon Souris"), "\(french.stdout)\(french.stderr)")
        let japanese = try pokedex("show", "ぴかちゅう", "--lang", "ja")
        #expect(japanese.status == 0 && japanese.stdout.contains("#0025 ピカチュウ · ねずみポケモン"), "\(japanese.stdout)")
        #expect(japanese.stdout.contains("でんき"), "\(japanese.stdout)")
        let german = try pokedex("show", "Glurak", environment: ["POKEDEX_LANG": "DE"])
        #expect(german.status == 0 && german.stdout.contains("#0006 Glurak"), "\(german.stdout)\(german.stderr)")
        // As `POKEDEX_LANG=$LANG` gives it.
        let locale = try pokedex("show", "25", environment: ["POKEDEX_LANG": "ja_JP.UTF-8"])
        #expect(locale.status == 0 && locale.stdout.contains("#0025 ピカチュウ"), "\(locale.stdout)\(locale.stderr)")
        let chinese = try pokedex("show", "25", "--lang", "zh-Hant", "--json")
        #expect(chinese.status == 0, "\(chinese.stderr)")
        let english = try pokedex("show", "25", "--json")
        let keys = { (text: String) in try Array(self.json(text).keys).sorted() }
        #expect(try keys(chinese.stdout) == keys(english.stdout))
        #expect(try json(chinese.stdout)["display_name"] as? String == "皮卡丘")
        #expect(try json(english.stdout)["genus"] as? String == "Mouse Pokémon")
        // Pikachu's base stats in the fixture: 35 + 55 + 40 + 50 + 50 + 90, as show's Total line.
        #expect(try json(english.stdout)["stats_total"] as? Int == 320)
        #expect(
            try pokedex("show", "25").stdout.split(separator: "\n").contains {
                $0.hasPrefix("  Total") && $0.hasSuffix(" 320")
            }, "the same total as show prints")
    }

    @Test("Japanese within 80 terminal columns, its text joined by ideographic spaces")
    func showJapaneseWidth() throws {
        let result = try pokedex("show", "ピカチュウ", "--lang", "ja")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let pokedex = try #require(lines.firstIndex { $0.hasPrefix("Pokédex") }, "\(result.stdout)")
        // 78 columns, then the break at an ideographic space: 同士の would make 86.
        #expect(
            Array(lines[pokedex...].prefix(2)) == [
                "Pokédex     おたがいの　しっぽを　くっつけて　電気を　流しあうのが　ピカチュウ",
                "            同士の　挨拶だ。 (Shield)",
            ], "\(result.stdout)")
        #expect(lines.contains("Abilities   せいでんき: Has a 30% chance of paralyzing attacking Pokémon on"))
    }

    @Test("Eevee's eight branches; an unknown name suggests names from every language")
    func eeveeAndSuggestions() throws {
        let eevee = try pokedex("show", "eevee", "--json")
        let evolution = try #require(try json(eevee.stdout)["evolution"] as? [String: Any])
        let lines = try #require(evolution["lines"] as? [String])
        // Each branch written out in full: no layout padding in --json.
        #expect(lines.count == 8 && lines.allSatisfy { $0.hasPrefix("Eevee → ") }, "\(lines)")
        let members = try #require(evolution["members"] as? [[String: Any]])
        let steps = members.flatMap { ($0["steps"] as? [[String: Any]]) ?? [] }
        #expect(steps.contains { $0["item"] as? String == "thunder-stone" && $0["text"] as? String == "Thunder Stone" })
        let unknown = try pokedex("show", "Glurack")
        #expect(unknown.status == 66 && unknown.stderr.contains("did you mean Glurak"), "\(unknown.stderr)")
    }

    @Test("type fire: damage both ways and the Pokémon of the type")
    func typeFire() throws {
        let result = try pokedex("type", "fire")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Deals 2×") && result.stdout.contains("Charizard"), "\(result.stdout)")
        let shown = try json(try pokedex("type", "Feu", "--json").stdout)
        #expect(shown["name"] as? String == "fire")
        let dealt = try #require(shown["damage_dealt"] as? [String: [String]])
        #expect(dealt["2"]?.contains("grass") == true && dealt["0.5"]?.contains("water") == true)
        let unknown = try pokedex("type", "fyre")
        #expect(unknown.status == 66 && unknown.stderr.contains("did you mean Fire"), "\(unknown.stderr)")
    }

    @Test("ability static: effect and Pokémon, hidden marked")
    func abilityStatic() throws {
        let result = try pokedex("ability", "static")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Static") && result.stdout.contains("Pikachu"), "\(result.stdout)")
        #expect(result.stdout.contains("paraly"), "\(result.stdout)")
        let lightning = try json(try pokedex("ability", "lightning-rod", "--json").stdout)
        let pokemon = try #require(lightning["pokemon"] as? [[String: Any]])
        #expect(pokemon.contains { $0["name"] as? String == "pikachu" && $0["hidden"] as? Bool == true })
    }

    @Test("list --generation 1 --type fire")
    func listGenerationAndType() throws {
        let result = try pokedex("list", "--generation", "1", "--type", "fire", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(listed.compactMap { $0["name"] as? String } == ["charmander", "charmeleon", "charizard", "flareon"])
        let table = try pokedex("list", "--type", "Feuer", "--limit", "2", "--lang", "de")
        #expect(table.stdout.contains("Glumanda") && table.stdout.contains("Feuer"), "\(table.stdout)")
    }

    @Test("an unknown --lang is a usage error listing the stored languages")
    func unknownLanguage() throws {
        let result = try pokedex("show", "pikachu", "--lang", "xx")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("stored: de, en"), "\(result.stderr)")
        let malformed = try pokedex("show", "pikachu", "--lang", "1!")
        #expect(malformed.status == 64, "\(malformed.stderr)")
    }

    @Test("with the entry's tables empty (the catalog only), every command still shows what it has")
    func catalogOnly() throws {
        let writer = try LocalStore.openForWriting(path: database)
        try writer.execute(
            """
            DELETE FROM evolution_step; DELETE FROM evolution_chain_member; DELETE FROM evolution_chain;
            DELETE FROM pokemon_species_name; DELETE FROM pokemon_species_flavor_text;
            DELETE FROM pokemon_species_egg_group; DELETE FROM pokemon_species_variety; DELETE FROM pokemon_species;
            DELETE FROM type_damage; DELETE FROM type_name; DELETE FROM type;
            DELETE FROM ability_effect; DELETE FROM ability_name; DELETE FROM ability;
            """)
        writer.close()
        let show = try pokedex("show", "pikachu", "--lang", "fr")
        #expect(show.status == 0 && show.stdout.hasPrefix("#0025 pikachu\n"), "\(show.stdout)\(show.stderr)")
        #expect(show.stdout.contains("Types       Electric") && !show.stdout.contains("Weak"), "\(show.stdout)")
        let type = try pokedex("type", "fire")
        #expect(type.status == 0 && type.stdout.contains("charizard"), "\(type.stdout)\(type.stderr)")
        #expect(type.stdout.contains("not synced yet"), "\(type.stdout)")
        let ability = try pokedex("ability", "static", "--json")
        #expect(ability.status == 0 && ability.stdout.contains("\"pikachu\""), "\(ability.stderr)")
        let list = try pokedex("list", "--type", "fire", "--limit", "1")
        #expect(list.status == 0 && list.stdout.contains("charmander"), "\(list.stdout)\(list.stderr)")
        let generation = try pokedex("list", "--generation", "1", "--json")
        #expect(generation.status == 0 && generation.stdout == "[]\n", "\(generation.stdout)")
    }
}
