import Foundation
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexSync

/// Typed rows written from stored bodies (the triggers' pending list, read after a walk) and
/// the lookups and entries that read them: names in any language, forms by their full names,
/// versions for `--game`, evolution conditions by name, encounters, moves.
@Suite("Typed bodies stored and read")
struct TypedBodyStoreTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        (directory, database) = try Self.fixture()
    }

    /// The entry fixture with the typed bodies every test here and in `TypedEntryQueriesTests` reads:
    /// versions, a move, an item, a place, a form, encounters and learnsets.
    static func fixture() throws -> (TemporaryDirectory, Database) {
        let (directory, database) = try PokedexEntryFixture.installedDatabase()
        let names = TypedBodyTests.names
        try database.storeBody(
            "version", 1, "red",
            #"{"id":1,"name":"red","version_group":{"name":"red-blue","url":"u"},"names":"#
                + names([("en", "Red"), ("de", "Rot"), ("ja", "赤")]) + "}")
        try database.storeBody(
            "version", 2, "blue",
            #"{"id":2,"name":"blue","version_group":{"name":"red-blue","url":"u"},"names":"#
                + names([("en", "Blue"), ("de", "Blau")]) + "}")
        try database.storeBody(
            "item", 83, "thunder-stone",
            #"{"id":83,"name":"thunder-stone","names":"#
                + names([("en", "Thunder Stone"), ("de", "Donnerstein")]) + "}")
        try database.storeBody("move", 85, "thunderbolt", TypedBodyTests.thunderbolt)
        try database.storeBody(
            "move-target", 10, "selected-pokemon",
            #"{"id":10,"name":"selected-pokemon","names":"#
                + names([("en", "Selected Pokémon"), ("de", "Ausgewähltes Pokémon")]) + "}")
        try database.storeBody(
            "move-damage-class", 3, "special",
            #"{"id":3,"name":"special","names":"# + names([("en", "special"), ("de", "spezial")]) + "}")
        try database.storeBody(
            "machine", 1, nil,
            #"{"id":1,"item":{"name":"tm24","url":"u"},"move":{"name":"thunderbolt","url":"u"},"version_group":{"name":"red-blue","url":"u"}}"#
        )
        try database.storeBody("machine", 2, nil, #"{"id":2,"move":{"name":"thunderbolt","url":"u"}}"#)
        try database.storeBody(
            "pokemon-form", 10999, "pikachu-testing",
            #"{"id":10999,"name":"pikachu-testing","pokemon":{"name":"pikachu","url":"u"},"is_default":false,"names":"#
                + names([("en", "Testing Pikachu"), ("fr", "Pikachu d’Essai")]) + "}")
        try database.storeBody(
            "location", 88, "viridian-forest",
            #"{"id":88,"name":"viridian-forest","region":{"name":"kanto","url":"u"},"names":"#
                + names([("en", "Viridian Forest"), ("de", "Vertania-Wald")]) + "}")
        try database.storeBody(
            "location-area", 321, "viridian-forest-area",
            #"{"id":321,"name":"viridian-forest-area","location":{"name":"viridian-forest","url":"u"},"names":"#
                + names([("en", "")]) + "}")
        try database.storeBody(
            "pokemon-encounters", 25, "pikachu",
            #"[{"location_area":{"name":"viridian-forest-area","url":"u"},"version_details":[{"version":{"name":"red","url":"u"},"encounter_details":[{"min_level":3,"max_level":5,"chance":4,"method":{"name":"walk","url":"u"},"condition_values":[]}]}]}]"#
        )
        try database.storeBody("gizmo", 1, "sprocket", "[1, 2]")
        try database.storeBody(
            "egg-group", 5, "ground",
            #"{"id":5,"name":"ground","names":"# + names([("en", "Field"), ("de", "Feld")]) + "}")
        try database.storeBody(
            "stat", 4, "special-attack",
            #"{"id":4,"name":"special-attack","names":"# + names([("en", "Special Attack"), ("de", "Spezial-Angriff")])
                + "}")
        try? database.run("INSERT INTO version_group VALUES (1, 'red-blue', 'generation-i', 3)")
        try PokemonCatalog(database: database).saveRescannedLearnsets([
            (
                25,
                [
                    LearnedMove(move: "thunderbolt", versionGroup: "red-blue", method: "machine", level: 0, order: nil),
                    LearnedMove(
                        move: "thunder-shock", versionGroup: "red-blue", method: "level-up", level: 1, order: nil),
                ]
            )
        ])
        try TypedBodyRescan.run(database)
        return (directory, database)
    }

    func store(_ kind: String, _ id: Int, _ name: String?, _ body: String) {
        try? database.storeBody(kind, id, name, body)
    }

    func count(_ sql: String) throws -> Int? { try database.queryFirst(sql, row: { $0.int(0) }) }

    @Test("every stored body is typed, nothing left pending; a body its table refuses keeps the others' rows")
    func typed() throws {
        #expect(try count("SELECT count(*) FROM pokeapi_typing_pending") == 0)
        #expect(try count("SELECT count(*) FROM version") == 2)
        #expect(try count("SELECT count(*) FROM machine") == 2, "a machine without its item is typed with NULLs")
        #expect(try count("SELECT count(*) FROM encounter WHERE pokemon_id = 25") == 1)
        #expect(try count("SELECT power FROM move WHERE name = 'thunderbolt'") == 90)
        #expect(try count("SELECT count(*) FROM pokeapi_name WHERE kind = 'gizmo'") == 0)
    }

    @Test("a replaced body retypes its rows, a removed one drops them")
    func replacedAndRemoved() throws {
        store("version", 2, "blue", #"{"id":2,"name":"blue","version_group":{"name":"blue-japan","url":"u"}}"#)
        try database.run("DELETE FROM pokeapi_resource WHERE kind = 'version' AND id = 1")
        try TypedBodyRescan.run(database)
        #expect(
            try database.query("SELECT name, version_group FROM version", row: { [$0.text(0), $0.text(1)] }) == [
                ["blue", "blue-japan"]
            ])
        #expect(try count("SELECT count(*) FROM pokeapi_name WHERE kind = 'version'") == 0)
    }

    @Test("a body whose value its table refuses gets no typed rows; the page and the other bodies go on")
    func refusedBody() throws {
        let names = TypedBodyTests.names([("en", "Odd Bolt"), ("de", "Seltsamer Blitz")])
        store("move", 999, "odd-bolt", #"{"id":999,"name":"odd-bolt","power":"ninety","names":"# + names + "}")
        store(
            "move", 85, "thunderbolt",
            TypedBodyTests.thunderbolt.replacingOccurrences(of: "\"power\":90", with: "\"power\":95"))
        try TypedBodyRescan.run(database)
        #expect(try count("SELECT count(*) FROM move WHERE id = 999") == 0, "power is an INTEGER column")
        #expect(try count("SELECT count(*) FROM pokeapi_name WHERE kind = 'move' AND id = 999") == 0)
        #expect(try count("SELECT power FROM move WHERE id = 85") == 95)
        #expect(try count("SELECT count(*) FROM pokeapi_typing_pending") == 0)
    }

    @Test("of two names, effects, texts, holders, prices or form names of one key, the body's last is kept")
    func repeatedKey() throws {
        var body = TypedBody()
        body.names = [
            LocalizedName(language: "en", name: "First"), LocalizedName(language: "de", name: "Erster"),
            LocalizedName(language: "en", name: "Last"),
        ]
        body.effects = [
            .init(language: "en", shortEffect: "first", effect: nil),
            .init(language: "en", shortEffect: "last", effect: nil),
        ]
        body.flavors = [
            .init(versionGroup: "red-blue", language: "en", text: "first"),
            .init(versionGroup: "red-blue", language: "en", text: "last"),
        ]
        body.holders = [
            .init(pokemon: "pikachu", version: "red", rarity: 5), .init(pokemon: "pikachu", version: "red", rarity: 50),
        ]
        body.prices = [
            .init(versionGroup: "red-blue", purchase: 100, sell: 50),
            .init(versionGroup: "red-blue", purchase: 300, sell: 150),
        ]
        var form = TypedBody()
        form.formNames = [
            LocalizedName(language: "en", name: "First Form"), LocalizedName(language: "en", name: "Last Form"),
        ]
        try TypedBodyStore(database: database).save([
            (kind: "item", id: 997, typed: .body(body)), (kind: "pokemon-form", id: 10997, typed: .body(form)),
        ])
        let rows = try [
            "SELECT language || ' ' || name FROM pokeapi_name WHERE kind = 'item' AND id = 997 ORDER BY language",
            "SELECT short_effect FROM pokeapi_effect WHERE kind = 'item' AND id = 997",
            "SELECT text FROM pokeapi_flavor_text WHERE kind = 'item' AND id = 997",
            "SELECT rarity FROM item_holder WHERE item_id = 997",
            "SELECT purchase_price || ' ' || sell_price FROM item_price WHERE item_id = 997",
            "SELECT name FROM pokemon_form_label WHERE form_id = 10997",
        ].map { sql in try database.query(sql) { $0.text(0) } }
        #expect(rows == [["de Erster", "en Last"], ["last"], ["last"], ["50"], ["300 150"], ["Last Form"]])
    }

    @Test("ways of learning a move by their stored names, in the display language else English")
    func learnMethodNames() throws {
        let names = TypedBodyTests.names([("en", "Stadium: Surfing Pikachu"), ("de", "Stadion: Surfendes Pikachu")])
        store("move-learn-method", 5, "stadium-surfing-pikachu", #"{"id":5,"names":"# + names + "}")
        store("move-learn-method", 6, "zygarde-cube", #"{"id":6,"names":[]}"#)
        try TypedBodyRescan.run(database)
        for (language, name) in [("de", "Stadion: Surfendes Pikachu"), ("fr", "Stadium: Surfing Pikachu")] {
            let stored = try PokedexEntryQueries(database: database, language: language).learnMethodNames()
            #expect(stored == ["stadium-surfing-pikachu": name])
        }
    }

    @Test(
        "names in any language find the resource",
        arguments: [
            ("move", "Donnerblitz", "thunderbolt"), ("move", "10まんボルト", "thunderbolt"), ("move", "85", "thunderbolt"),
            ("move", "THUNDERBOLT", "thunderbolt"), ("item", "thunder stone", "thunder-stone"),
            ("location", "Vertania-Wald", "viridian-forest"), ("version", "赤", "red"), ("move", "donner", nil),
            ("item", "thunderstone", "thunder-stone"), ("move", "thunder bolt", "thunderbolt"),
            ("location", "vertaniawald", "viridian-forest"), ("item", "thunders", nil),
        ])
    func lookup(kind: String, text: String, slug: String?) throws {
        #expect(try PokedexEntryQueries(database: database).resourceSlug(text, kind: kind) == slug)
    }

    @Test(
        "--game takes a group or a version in any language, or the game as entries name it",
        arguments: [
            ("red-blue", "red-blue"), ("Rot", "red-blue"), ("赤", "red-blue"), ("blue", "red-blue"), ("Grün", nil),
            ("Red/Blue", "red-blue"), ("red / blue", "red-blue"),
        ])
    func game(text: String, group: String?) throws {
        #expect(try PokedexEntryQueries(database: database).versionGroupSlug(text) == group)
    }

    @Test(
        "a form's full name in any language, or its slug, finds its Pokémon",
        arguments: ["Testing Pikachu", "testing pikachu", "Pikachu d'Essai", "pikachu-testing"])
    func form(text: String) throws {
        #expect(try PokedexEntryQueries(database: database).lookup(text) == .found(id: 25, alsoNamed: []))
    }

    @Test("browse's search compares each Pokémon's forms' full names, folded")
    func formNamesSearched() throws {
        let names = try PokedexEntryQueries(database: database).foldedFormNamesByPokemon()
        #expect(Set(names[25] ?? []) == Set(["Testing Pikachu", "Pikachu d’Essai"].map(NameFolding.fold)))
    }

    /// Another way for Raichu to evolve from Pikachu (besides its Thunder Stone), naming one of
    /// the step's places, forms or types.
    func addRaichuStep(
        _ position: Int, _ trigger: String, location: String? = nil, baseForm: String? = nil,
        knownMoveType: String? = nil
    ) throws {
        try database.run(
            """
            INSERT INTO evolution_step (
                chain_id, member_position, detail_position, trigger, location, base_form, known_move_type, details_json)
            SELECT chain_id, member_position, ?, ?, ?, ?, ?, '{}' FROM evolution_step
            WHERE chain_id = 10 AND item = 'thunder-stone' LIMIT 1
            """,
            [.int(position), .text(trigger), .string(location), .string(baseForm), .string(knownMoveType)])
    }

    @Test(
        "evolution conditions name items and places in the display language, else English",
        arguments: [
            ("en", "Thunder Stone", "Viridian Forest"), ("de", "Donnerstein", "Vertania-Wald"),
            ("fr", "Thunder Stone", "Viridian Forest"),
        ])
    func conditionNames(language: String, item: String, place: String) throws {
        // Raichu evolves with a Thunder Stone; here also by levelling up in Viridian Forest.
        try addRaichuStep(99, "level-up", location: "viridian-forest")
        let chain = try #require(
            try PokedexEntryQueries(database: database, language: language).evolutionChain(speciesName: "pikachu"))
        #expect(chain.conditionNames["item/thunder-stone"] == item)
        #expect(chain.conditionNames["location/viridian-forest"] == place)
    }

    @Test(
        "a form an evolution starts from is named as one it leads to: the species' name with the form's own where no full name",
        arguments: [("en", nil), ("ja", "ピカチュウ (ハードロック)")] as [(String, String?)])
    func baseFormNames(language: String, expected: String?) throws {
        try database.run(
            "INSERT INTO pokemon_form (id, name, pokemon, is_default) VALUES (99101, 'pikachu-rock-star', 'pikachu-rock-star', 1)"
        )
        try database.run("INSERT INTO pokemon_form_label (form_id, language, name) VALUES (99101, 'ja', 'ハードロック')")
        // Raichu evolves from Pikachu here: the form is Pikachu's.
        try addRaichuStep(97, "use-item", baseForm: "pikachu-rock-star")
        let chain = try #require(
            try PokedexEntryQueries(database: database, language: language).evolutionChain(speciesName: "pikachu"))
        #expect(chain.conditionNames["pokemon-form/pikachu-rock-star"] == expected)
    }

    @Test("a type an evolution condition names is named as the type's entry names it", arguments: ["en", "de", "ja"])
    func conditionTypeNames(language: String) throws {
        try addRaichuStep(98, "level-up", knownMoveType: "electric")
        let queries = PokedexEntryQueries(database: database, language: language)
        let electric = try #require(try queries.typeDisplayNames()["electric"])
        let chain = try #require(try queries.evolutionChain(speciesName: "pikachu"))
        #expect(chain.conditionNames["type/electric"] == electric)
    }

    @Test(
        "the entry names its egg groups and stats as stored, else by their slugs",
        arguments: [("en", "Field", "Special Attack"), ("de", "Feld", "Spezial-Angriff")])
    func entryNames(language: String, eggGroup: String, stat: String) throws {
        let entry = try #require(try PokedexEntryQueries(database: database, language: language).entry(id: 25))
        #expect(entry.species?.eggGroups.contains("ground") == true, "the fixture's Pikachu is in the ground group")
        #expect(entry.names["egg-group/ground"] == eggGroup && entry.names["stat/special-attack"] == stat)
        #expect(entry.names["egg-group/fairy"] == nil, "not stored: no name")
    }

    @Test("where it is found, the move's entry and the place's, with versions' names for the group")
    func entries() throws {
        let queries = PokedexEntryQueries(database: database, language: "de")
        let found = try #require(try queries.whereFound(pokemonID: 25, versionGroup: nil))
        #expect(found.groupName == "Rot/Blau")
        #expect(found.places.map(\.displayName) == ["Vertania-Wald"], "an area named \"\" is its place")
        #expect(found.places.first?.chance == 4 && found.places.first?.minLevel == 3)
        let move = try queries.moveEntry(slug: "thunderbolt", versionGroup: nil)
        #expect(move.displayName == "Donnerblitz" && move.versionGroup == "red-blue")
        #expect(move.targetName == "Ausgewähltes Pokémon" && move.damageClassName == "spezial")
        #expect(move.machines.map(\.itemName) == ["TM24"])
        #expect(move.learners.map(\.method) == ["machine"])
        #expect(move.gameText?.text == "A strong electric blast.")
        let place = try queries.locationEntry(slug: "viridian-forest", versionGroup: "red-blue")
        #expect(place.areas.flatMap(\.appearances).map(\.pokemon) == ["pikachu"])
        #expect(
            try queries.locationEntry(slug: "viridian-forest", versionGroup: "gold-silver").areas.flatMap(\.appearances)
                .isEmpty)
    }

    @Test("an expansion's versions are named as one game, their shared part once", arguments: ["en", "de"])
    func expansionName(language: String) throws {
        for (id, game, english, german) in [
            (35, "sword", "Sword", "Schwert"), (50, "shield", "Shield", "Schild"),
        ] {
            store(
                "version", id, "the-isle-of-armor-\(game)",
                #"{"id":\#(id),"name":"the-isle-of-armor-\#(game)","version_group":{"name":"the-isle-of-armor","url":"u"},"names":"#
                    + TypedBodyTests.names([
                        ("en", "\(english): The Isle of Armor"), ("de", "\(german): Die Insel der Rüstung"),
                    ]) + "}")
        }
        try TypedBodyRescan.run(database)
        let named = try PokedexEntryQueries(database: database, language: language).versionGroupDisplayNames()
        #expect(
            named("the-isle-of-armor")
                == (language == "en" ? "Sword/Shield: The Isle of Armor" : "Schwert/Schild: Die Insel der Rüstung"))
        #expect(named("red-blue") == (language == "en" ? "Red/Blue" : "Rot/Blau"))
    }

    @Test(
        "a form's entry: its full name in the display language, else the species' with the form's own; none for the species' own",
        arguments: [
            ("en", "Alolan Raichu"), ("de", "Alola-Raichu"), ("fr", nil), ("ja", "ライチュウ (アローラのすがた)"),
            // A full name that is the species' gives way to the form's own name, as in lists.
            ("it", "Raichu (Forma di Alola)"),
        ] as [(String, String?)])
    func formName(language: String, expected: String?) throws {
        let queries = PokedexEntryQueries(database: database, language: language)
        #expect(try queries.entry(id: 10100)?.formDisplayName == nil, "no form stored yet")
        store(
            "pokemon-form", 10100, "raichu-alola",
            #"{"id":10100,"name":"raichu-alola","form_name":"alola","pokemon":{"name":"raichu-alola","url":"u"},"names":"#
                + TypedBodyTests.names([
                    ("en", "Alolan Raichu"), ("de", "Alola-Raichu"), ("fr", "Raichu"), ("it", "Raichu"),
                ])
                + #","form_names":"# + TypedBodyTests.names([("ja", "アローラのすがた"), ("it", "Forma di Alola")]) + "}")
        store(
            "pokemon-form", 26, "raichu",
            #"{"id":26,"name":"raichu","form_name":"","pokemon":{"name":"raichu","url":"u"},"names":"#
                + TypedBodyTests.names([("en", "Raichu")]) + "}")
        try TypedBodyRescan.run(database)
        let name = try queries.entry(id: 10100)?.formDisplayName
        #expect(name == expected, "\(name ?? "nil")")
        #expect(try queries.entry(id: 26)?.formDisplayName == nil)
    }

    @Test(
        "did you mean: a form by its stored full name in the display language, by its slug before it is stored",
        arguments: [("en", "Alolan Raichu"), ("de", "Alola-Raichu")])
    func formSuggested(language: String, expected: String) throws {
        let queries = PokedexEntryQueries(database: database, language: language)
        func suggested() throws -> [String] {
            guard case .notFound(let suggestions) = try queries.lookup("raichu-alolx") else { return ["(found)"] }
            return suggestions
        }
        let before = try suggested()
        #expect(before.contains("raichu-alola"), "\(before)")
        store(
            "pokemon-form", 10100, "raichu-alola",
            #"{"id":10100,"name":"raichu-alola","form_name":"alola","pokemon":{"name":"raichu-alola","url":"u"},"names":"#
                + TypedBodyTests.names([("en", "Alolan Raichu"), ("de", "Alola-Raichu")]) + "}")
        try TypedBodyRescan.run(database)
        let after = try suggested()
        #expect(after.contains(expected) && !after.contains("raichu-alola"), "\(after)")
        // A misspelled full name is near the full name, not the slug, in any language, and
        // offered in the display language.
        for typed in ["Alolan Raichux", "Alola-Raichux"] {
            guard case .notFound(let nearFullName) = try queries.lookup(typed) else {
                Issue.record("\(typed) found")
                continue
            }
            #expect(nearFullName.contains(expected), "\(typed): \(nearFullName)")
        }
    }

    @Test(
        "a name two places share names the other too; an id or a slug names one",
        arguments: [
            ("Viridian Forest", ["johto-forest"]), ("vertania-wald", ["johto-forest"]), ("viridian-forest", []),
            ("88", []),
        ])
    func otherPlacesNamed(text: String, others: [String]) throws {
        store(
            "location", 90, "johto-forest",
            #"{"id":90,"name":"johto-forest","region":{"name":"johto","url":"u"},"names":"#
                + TypedBodyTests.names([("en", "Viridian Forest"), ("de", "Vertania-Wald")]) + "}")
        try TypedBodyRescan.run(database)
        let queries = PokedexEntryQueries(database: database)
        #expect(try queries.resourceSlug(text, kind: "location") == "viridian-forest")
        #expect(try queries.otherResources(named: text, kind: "location", than: "viridian-forest") == others)
    }

    @Test("the Pokédex text's game by its stored name in the display language, else none")
    func flavorTextGame() throws {
        let queries = PokedexEntryQueries(database: database, language: "de")
        let flavor = try #require(try queries.entry(id: 25)?.flavorText)
        #expect(flavor.versionName == nil, "\(flavor.version) not stored yet")
        store(
            "version", 99, flavor.version,
            #"{"id":99,"name":"\#(flavor.version)","version_group":{"name":"g","url":"u"},"names":"#
                + TypedBodyTests.names([("en", "Game"), ("de", "Spiel")]) + "}")
        try TypedBodyRescan.run(database)
        #expect(try queries.entry(id: 25)?.flavorText?.versionName == "Spiel")
    }

    @Test("a place is shown in the newest game anything is met there in, naming the others; --game picks one")
    func placeByGame() throws {
        store(
            "version", 4, "gold",
            #"{"id":4,"name":"gold","version_group":{"name":"gold-silver","url":"u"},"names":"#
                + TypedBodyTests.names([("en", "Gold"), ("de", "Gold")]) + "}")
        try TypedBodyRescan.run(database)
        try database.run("INSERT INTO version_group VALUES (2, 'gold-silver', 'generation-ii', 4)")
        // In Gold, Pikachu is met at other levels, with another chance, in another way.
        try database.run("INSERT INTO encounter VALUES (25, 'viridian-forest-area', 'gold', 'headbutt', 7, 9, 30, '')")
        let queries = PokedexEntryQueries(database: database, language: "de")
        let newest = try queries.locationEntry(slug: "viridian-forest", versionGroup: nil)
        #expect(newest.versionGroup == "gold-silver" && newest.groupName == "Gold")
        #expect(newest.games.map(\.name) == ["gold-silver", "red-blue"])
        let met = try #require(newest.areas.first?.appearances.first)
        #expect(met.methods == ["headbutt"] && met.minLevel == 7 && met.chance == 30, "Gold's alone, not merged")
        let chosen = try queries.locationEntry(slug: "viridian-forest", versionGroup: "red-blue")
        #expect(chosen.groupName == "Rot/Blau" && chosen.areas.first?.appearances.first?.chance == 4)
    }
}
