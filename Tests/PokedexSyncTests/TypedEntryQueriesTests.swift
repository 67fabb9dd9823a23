import Foundation
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexSync

/// The entries read from typed rows where they had to choose: games named alike, names two
/// forms share, areas named in English alone, a machine's moves by game, encounter chances.
@Suite("Typed rows read into entries")
struct TypedEntryQueriesTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        (directory, database) = try TypedBodyStoreTests.fixture()
    }

    /// Alolan Raichu's `pokemon-form` body, named in English and German.
    func storeAlolanRaichuForm() throws {
        try database.storeBody(
            "pokemon-form", 99100, "raichu-alola",
            #"{"id":99100,"name":"raichu-alola","pokemon":{"name":"raichu-alola","url":"u"},"names":"#
                + TypedBodyTests.names([("en", "Alolan Raichu"), ("de", "Alola-Raichu")]) + "}")
    }

    @Test("a game named as another game's version says its slug too, which --game takes")
    func ambiguousGame() throws {
        try database.storeBody(
            "version", 40, "blue-japan",
            #"{"id":40,"name":"blue-japan","version_group":{"name":"blue-japan","url":"u"},"names":"#
                + TypedBodyTests.names([("en", "Blue")]) + "}")
        try TypedBodyRescan.run(database)
        let queries = PokedexEntryQueries(database: database, language: "en")
        let names = try queries.versionGroupDisplayNames()
        #expect(names("blue-japan") == "Blue (blue-japan)" && names("red-blue") == "Red/Blue")
        #expect(try queries.versionGroupSlug("Blue (blue-japan)") == "blue-japan")
        #expect(try queries.versionGroupSlug("Blue") == "red-blue", "the version Blue, as before")
    }

    @Test("a full name two Pokémon's forms share finds the first and names the other (Mega Meowstic's two)")
    func sharedFormName() throws {
        try database.storeBody(
            "pokemon-form", 10998, "raichu-testing",
            #"{"id":10998,"name":"raichu-testing","pokemon":{"name":"raichu","url":"u"},"is_default":false,"names":"#
                + TypedBodyTests.names([("en", "Testing Pikachu")]) + "}")
        try TypedBodyRescan.run(database)
        guard case .found(let id, let others) = try PokedexEntryQueries(database: database).lookup("testing pikachu")
        else {
            Issue.record("not found")
            return
        }
        #expect(id == 25)
        #expect(others.map(\.pokemon) == ["raichu"] && others.first?.languages == ["en"])
    }

    @Test(
        "a form by its own name in any language: as entries head it, or alone where it names one Pokémon",
        arguments: [
            ("ライチュウ (アローラのすがた)", 10100), ("雷丘(Forma de Alola)", 10100), ("raichu (forma de alola)", 10100),
            ("ガラルのすがた", 10161), ("アローラのすがた", nil), ("ライチュウ (ガラルのすがた)", nil),
            ("ノーマルフォルム", nil), ("ライチュウ (ノーマルフォルム)", 26),
        ] as [(String, Int?)])
    func formLabels(query: String, expected: Int?) throws {
        // Two Pokémon's forms are labelled alike in Japanese: that name alone is no one's.
        for (id, pokemon, labels) in [
            (10100, "raichu-alola", [("ja", "アローラのすがた"), ("es", "Forma de Alola")]),
            (10161, "meowth-galar", [("ja", "ガラルのすがた")]), (10998, "meowth", [("ja", "アローラのすがた")]),
            (10999, "raichu", [("ja", "ノーマルフォルム")]),
        ] {
            try database.storeBody(
                "pokemon-form", id, pokemon,
                #"{"id":\#(id),"name":"\#(pokemon)","pokemon":{"name":"\#(pokemon)","url":"u"},"form_names":"#
                    + TypedBodyTests.names(labels) + "}")
        }
        try TypedBodyRescan.run(database)
        // Raichu's own form: alone, its name names no form, only with the species'.
        try database.run("UPDATE pokemon_form SET is_default = 1 WHERE id = 10999")
        let found = try PokedexEntryQueries(database: database, language: "en").lookup(query)
        if case .found(let id, _) = found {
            #expect(id == expected)
        } else {
            #expect(expected == nil, "\(found)")
        }
    }

    @Test(
        "an area named in English alone takes its place's name in the display language, with what follows it",
        arguments: [
            ("Viridian Forest (north)", nil, "de", "Vertania-Wald (north)"),
            ("Viridian Forest (north)", "Vertania-Wald (Nord)", "de", "Vertania-Wald (Nord)"),
            ("Deep Woods", nil, "de", "Deep Woods"), ("Viridian Forest (north)", nil, "en", "Viridian Forest (north)"),
        ] as [(String, String?, String, String)])
    func areaNames(english: String, german: String?, language: String, expected: String) throws {
        try database.storeBody(
            "location-area", 322, "viridian-forest-north",
            #"{"id":322,"name":"viridian-forest-north","location":{"name":"viridian-forest","url":"u"},"names":"#
                + TypedBodyTests.names([("en", english)] + (german.map { [("de", $0)] } ?? [])) + "}")
        try TypedBodyRescan.run(database)
        #expect(
            try PokedexEntryQueries(database: database, language: language).areaName("viridian-forest-north")
                == expected)
    }

    @Test("lists name a form by its own name in the display language, where not English", arguments: ["ja", "en"])
    func listedFormLabel(language: String) throws {
        try database.run(
            "INSERT INTO pokemon_form (id, name, pokemon, is_default) VALUES (99100, 'x', 'raichu-alola', 1)")
        try database.run("INSERT INTO pokemon_form_label (form_id, language, name) VALUES (99100, 'ja', 'アローラのすがた')")
        try database.run("INSERT INTO pokemon_form_label (form_id, language, name) VALUES (99100, 'en', 'Alolan Form')")
        let listed = try PokedexEntryQueries(database: database, language: language).list(offset: 0, limit: 100)
        let raichu = try #require(listed.first { $0.summary.name == "raichu-alola" })
        #expect(raichu.formLabel == (language == "ja" ? "アローラのすがた" : nil))
        #expect(listed.first { $0.summary.name == "pikachu" }?.formLabel == nil)
    }

    @Test("lists take a form's full name in the display language, where not English", arguments: ["de", "en"])
    func listedFormName(language: String) throws {
        try storeAlolanRaichuForm()
        try TypedBodyRescan.run(database)
        let listed = try PokedexEntryQueries(database: database, language: language).list(offset: 0, limit: 100)
        let raichu = try #require(listed.first { $0.summary.name == "raichu-alola" })
        #expect(raichu.formName == (language == "de" ? "Alola-Raichu" : nil))
    }

    @Test("a machine item teaches its move of each game, by the move's name, --game's only")
    func itemTeaches() throws {
        try database.run(
            "INSERT INTO machine (id, item, move, version_group) VALUES (3, 'tm24', 'dragon-breath', 'gold-silver')")
        let queries = PokedexEntryQueries(database: database, language: "de")
        let taught = try queries.itemEntry(slug: "tm24", versionGroup: nil).teaches
        #expect(taught.map(\.move) == ["thunderbolt", "dragon-breath"])
        #expect(
            taught.map(\.moveName) == ["Donnerblitz", "Dragon Breath"], "a move not stored by its slug made readable")
        #expect(taught.first?.groupName == "Rot/Blau")
        #expect(
            try queries.itemEntry(slug: "tm24", versionGroup: "gold-silver").teaches.map(\.move) == ["dragon-breath"])
    }

    @Test(
        "an item's holders: each with its version's game, the games in their order; a form by its stored name",
        arguments: [
            ("de", ["Pikachu", "Pikachu", "Alola-Raichu"], [nil, nil, nil], ["Rot/Blau", "X"]),
            // No Japanese name is stored for the form: the species' with the slug's, as `list` has it.
            ("ja", ["ピカチュウ", "ピカチュウ", "ライチュウ"], [nil, nil, "alola"], ["赤/Blue", "X"]),
        ] as [(String, [String], [String?], [String])])
    func itemHolders(language: String, names: [String], forms: [String?], games: [String]) throws {
        try storeAlolanRaichuForm()
        try database.storeBody(
            "item", 236, "light-ball",
            #"{"id":236,"name":"light-ball","held_by_pokemon":[{"pokemon":{"name":"raichu-alola","url":"u"},"#
                + #""version_details":[{"rarity":5,"version":{"name":"x","url":"u"}}]},"#
                + #"{"pokemon":{"name":"pikachu","url":"u"},"version_details":[{"rarity":5,"version":{"name":"blue","url":"u"}},"#
                + #"{"rarity":50,"version":{"name":"red","url":"u"}}]}]}"#)
        // Another item's holder names a game this item is not held in: it is none of this item's games.
        try database.storeBody(
            "item", 198, "kings-rock",
            #"{"id":198,"name":"kings-rock","held_by_pokemon":[{"pokemon":{"name":"pikachu","url":"u"},"#
                + #""version_details":[{"rarity":5,"version":{"name":"yellow","url":"u"}}]}]}"#)
        try TypedBodyRescan.run(database)
        let entry = try PokedexEntryQueries(database: database, language: language).itemEntry(
            slug: "light-ball", versionGroup: nil)
        #expect(entry.holders.map(\.displayName) == names)
        #expect(entry.holders.map(\.form) == forms)
        #expect(
            entry.holders.map(\.versionGroup) == ["red-blue", "red-blue", "x"], "a version not stored is its own game")
        #expect(entry.heldGames.map(\.groupName) == games)
    }

    @Test(
        "a name not of the kind asked is found among the other kinds shown, by slug or a stored name; an id is not",
        arguments: [
            ("pikachu", ShownKind.move, ["pokemon/pikachu"]), ("ピカチュウ", .item, ["pokemon/pikachu"]),
            ("Donnerblitz", .pokemon, ["move/thunderbolt"]), ("Viridian Forest", .item, ["location/viridian-forest"]),
            ("thunder-stone", .move, ["item/thunder-stone"]), ("Electric", .move, ["type/electric"]),
            ("static", .type, ["ability/static"]), ("thunderbolt", .move, []), ("25", .move, []),
            ("nothing", .pokemon, []),
        ])
    func otherKinds(text: String, asked: ShownKind, expected: [String]) throws {
        let found = try PokedexEntryQueries(database: database).kinds(naming: text, other: asked)
        #expect(found.map { "\($0.kind.rawValue)/\($0.slug)" } == expected)
    }

    @Test("a Pokémon named for another kind as show finds it: a form's full name, a name typed as one word")
    func otherKindsFindForms() throws {
        try storeAlolanRaichuForm()
        try TypedBodyRescan.run(database)
        let queries = PokedexEntryQueries(database: database)
        #expect(try queries.kinds(naming: "Alolan Raichu", other: .move).map(\.slug) == ["raichu-alola"])
        #expect(try queries.kinds(naming: "raichualola", other: .item).map(\.slug) == ["raichu-alola"])
        // A species a partial sync stored without its Pokémon, which `show` would not find.
        #expect(try queries.kinds(naming: "pichu", other: .move).map(\.slug) == ["pichu"])
        try database.execute("DELETE FROM pokemon WHERE id = 172")
        #expect(try queries.kinds(naming: "pichu", other: .move).isEmpty)
    }

    @Test("a move only a learnset names is no move `move` shows: no hint leads there")
    func learnsetOnlyMove() throws {
        let move = try #require(
            try database.queryFirst(
                """
                SELECT move_name FROM pokemon_move
                WHERE move_name NOT IN (SELECT name FROM pokeapi_resource WHERE kind = 'move' AND name IS NOT NULL)
                LIMIT 1
                """
            ) { $0.text(0) })
        let queries = PokedexEntryQueries(database: database)
        #expect(try queries.moveSlug(move) == move, "list --learns takes it")
        #expect(try queries.kinds(naming: move, other: .pokemon).isEmpty)
    }

    @Test("a slug is found as stored, two hyphens and all, before it is made from a name")
    func slugAsStored() throws {
        try database.storeBody(
            "move", 10001, "acid-downpour--physical",
            #"{"id":10001,"name":"acid-downpour--physical","names":"# + TypedBodyTests.names([("en", "Acid Downpour")])
                + "}")
        try TypedBodyRescan.run(database)
        let queries = PokedexEntryQueries(database: database)
        #expect(try queries.resourceSlug("acid-downpour--physical", kind: "move") == "acid-downpour--physical")
        #expect(try queries.kinds(naming: "Acid Downpour", other: .pokemon).map(\.slug) == ["acid-downpour--physical"])
    }

    @Test("a species' romanized Japanese name names no Pokémon for another kind: Moltres is \"Fire\" there")
    func romanizedNamesLeftOut() throws {
        try database.run(
            "UPDATE pokemon_species_name SET name = 'Static', folded_name = 'static' WHERE species_id = 25 AND language = 'ja-roma'"
        )
        let queries = PokedexEntryQueries(database: database)
        #expect(try queries.kinds(naming: "Static", other: .type).map(\.kind) == [.ability])
        #expect(try queries.lookup("Static") != .notFound(suggestions: []), "show still finds it by that name")
    }

    @Test("a game PokeAPI gives no one's encounters or moves in is said to lack them, unless the sync was partial")
    func gameWithoutData() throws {
        try database.run("INSERT INTO version (id, name, version_group) VALUES (3, 'yellow', 'yellow')")
        let queries = PokedexEntryQueries(database: database, language: "en")
        let none = try #require(try queries.whereFound(pokemonID: 25, versionGroup: "yellow"))
        #expect(none.places.isEmpty && !none.groupHasEncounters)
        #expect(try queries.learnset(pokemonID: 25, versionGroup: "yellow")?.groupHasMoves == false)
        #expect(try queries.learnset(pokemonID: 25, versionGroup: "gold-silver")?.groupHasMoves == false)
        // Another Pokémon met in Yellow: Pikachu's none there is its own.
        try database.run(
            """
            INSERT INTO encounter (pokemon_id, location_area, version, method, min_level, max_level, chance, conditions)
            VALUES (26, 'viridian-forest-area', 'yellow', 'walk', 3, 5, 5, '')
            """)
        let others = try #require(try queries.whereFound(pokemonID: 25, versionGroup: "yellow"))
        #expect(others.places.isEmpty && others.groupHasEncounters)
        // After a partial sync alone, its few Pokémon say nothing of PokeAPI's: no claim is made.
        try database.run("DELETE FROM encounter WHERE pokemon_id = 26")
        let log = SyncRunLog(database: database)
        try log.finish(
            try log.begin(.pokemon, scope: .part(offset: 24, limit: 21), pid: 1), SyncRunEnd(outcome: .succeeded))
        #expect(try queries.whereFound(pokemonID: 25, versionGroup: "yellow")?.groupHasEncounters == true)
        #expect(try queries.learnset(pokemonID: 25, versionGroup: "yellow")?.groupHasMoves == true)
    }

    @Test("a slug PokeAPI lists twice names the one with names, then the lowest id, whichever holds it unsuffixed")
    func slugListedTwice() throws {
        // The list's later entry took the slug; the real berry kept its data as `slug~id`.
        try database.storeBody(
            "item", 723, "roseli-berry~723",
            #"{"id":723,"name":"roseli-berry","names":"# + TypedBodyTests.names([("en", "Roseli Berry")]) + "}")
        try database.storeBody("item", 2279, "roseli-berry", #"{"id":2279,"name":"roseli-berry","names":[]}"#)
        try database.storeBody("item", 3000, "roseli-berry-x", #"{"id":3000,"name":"roseli-berry-x","names":[]}"#)
        try TypedBodyRescan.run(database)
        let queries = PokedexEntryQueries(database: database, language: "en")
        for text in ["roseli-berry", "Roseli Berry", "roseliberry", "723"] {
            #expect(try queries.resourceSlug(text, kind: "item") == "roseli-berry~723", "\(text)")
        }
        #expect(try queries.resourceSlug("2279", kind: "item") == "roseli-berry")
        #expect(try queries.resourceSlug("roseli-berry-x", kind: "item") == "roseli-berry-x")
        #expect(try queries.resourceSlug("roseli-berry~2", kind: "item") == nil)
    }

    @Test("a Pokémon met nowhere has a Where for a game asked for once its (empty) encounters are stored, not before")
    func metNowhere() throws {
        let queries = PokedexEntryQueries(database: database, language: "en")
        #expect(try queries.whereFound(pokemonID: 26, versionGroup: "red-blue") == nil, "its encounters not synced")
        try database.storeBody("pokemon-encounters", 26, "raichu", "[]")
        let asked = try #require(try queries.whereFound(pokemonID: 26, versionGroup: "red-blue"))
        #expect(asked.places.isEmpty && asked.groupHasEncounters, "not in the wild: Pikachu is met in Red/Blue")
        #expect(try queries.whereFound(pokemonID: 26, versionGroup: nil) == nil, "no game to name without --game")
    }

    @Test("a place's chance: each version's slots summed, the likeliest way and condition; versions told apart")
    func versionChances() throws {
        let insert = """
            INSERT INTO encounter (pokemon_id, location_area, version, method, min_level, max_level, chance, conditions)
            VALUES (25, 'viridian-forest-area', ?, ?, ?, ?, ?, ?)
            """
        // Blue: two walking slots of no condition (20 + 15), met with a morning's (30) or a night's.
        for (version, method, low, high, chance, conditions) in [
            ("blue", "walk", 3, 3, 20, ""), ("blue", "walk", 4, 5, 15, ""), ("blue", "walk", 5, 5, 30, "time-morning"),
            ("blue", "walk", 5, 5, 10, "time-night"),
        ] {
            try database.run(
                insert, [.text(version), .text(method), .int(low), .int(high), .int(chance), .text(conditions)])
        }
        let queries = PokedexEntryQueries(database: database, language: "en")
        let place = try #require(try queries.whereFound(pokemonID: 25, versionGroup: "red-blue")?.places.first)
        #expect(place.versions.map(\.version) == ["red", "blue"])
        #expect(place.versions.map(\.chance) == [4, 65] && place.chance == 65, "35 + the morning's 30")
        #expect(place.versions.last?.minLevel == 3 && place.versions.last?.maxLevel == 5)
        #expect(place.differsByVersion)
        let appearance = try #require(
            try queries.locationEntry(slug: "viridian-forest", versionGroup: "red-blue").areas.first?.appearances.first)
        #expect(appearance.byVersion == place.versions && appearance.chance == 65 && appearance.differsByVersion)
        // Red alone of a two-version game: told apart too ("Red only").
        try database.run("DELETE FROM encounter WHERE version = 'blue'")
        let red = try #require(try queries.whereFound(pokemonID: 25, versionGroup: "red-blue")?.places.first)
        #expect(red.versions.map(\.version) == ["red"] && red.differsByVersion && red.chance == 4)
        // Two one-off encounters (each a row at 100% of its own) are no 200%.
        for _ in 0..<2 {
            try database.run(insert, [.text("red"), .text("static"), .int(30), .int(30), .int(100), .text("")])
        }
        let statics = try #require(try queries.whereFound(pokemonID: 25, versionGroup: "red-blue")?.places.first)
        #expect(statics.chance == 100)
    }

    @Test("a time of day all of a way's encounters share is kept with the way, named in the display language")
    func sharedTimeOfDay() throws {
        try database.storeBody(
            "encounter-condition-value", 20, "time-night",
            #"{"id":20,"name":"time-night","names":"# + TypedBodyTests.names([("en", "At night"), ("de", "Nachts")])
                + "}")
        try TypedBodyRescan.run(database)
        try database.run("DELETE FROM encounter WHERE pokemon_id = 25")
        let insert = """
            INSERT INTO encounter (pokemon_id, location_area, version, method, min_level, max_level, chance, conditions)
            VALUES (25, 'viridian-forest-area', ?, ?, 3, 5, ?, ?)
            """
        for (version, method, chance, conditions) in [
            ("red", "walk", 30, "time-night"), ("red", "walk", 20, "time-night"), ("blue", "walk", 25, "time-night"),
            ("red", "surf", 5, ""),
        ] {
            try database.run(insert, [.text(version), .text(method), .int(chance), .text(conditions)])
        }
        for (language, night) in [("en", "At night"), ("de", "Nachts")] {
            let queries = PokedexEntryQueries(database: database, language: language)
            let place = try #require(try queries.whereFound(pokemonID: 25, versionGroup: "red-blue")?.places.first)
            #expect(
                place.times == ["walk": night] && place.versions.map(\.times) == [["walk": night], ["walk": night]])
            let appearance = try #require(
                try queries.locationEntry(slug: "viridian-forest", versionGroup: "red-blue").areas.first?.appearances
                    .first)
            #expect(appearance.times == ["walk": night])
        }
        // Without the conditions' names (a partial sync takes none), PokeAPI's English ones.
        try database.run("DELETE FROM pokeapi_resource WHERE kind = 'encounter-condition-value'")
        let unnamed = try #require(
            try PokedexEntryQueries(database: database, language: "de").whereFound(
                pokemonID: 25, versionGroup: "red-blue")?
                .places.first)
        #expect(unnamed.times == ["walk": "At night"])
        // Blue's walk also in the morning: no one time is Blue's, nor the place's; Red's stays.
        try database.run(insert, [.text("blue"), .text("walk"), .int(10), .text("time-morning")])
        let queries = PokedexEntryQueries(database: database, language: "en")
        let place = try #require(try queries.whereFound(pokemonID: 25, versionGroup: "red-blue")?.places.first)
        #expect(place.times.isEmpty && place.versions.map(\.times) == [["walk": "At night"], [:]])
    }

    @Test(
        "a place names a form met there as list does: its name in the display language, else the species' with the form",
        // English lists keep the slug's words, as `list` does.
        arguments: [("de", "Alola-Raichu", nil), ("en", "Raichu", "alola"), ("fr", "Raichu", "alola")]
            as [(String, String, String?)])
    func formsMetInAPlace(language: String, name: String, form: String?) throws {
        try database.run(
            """
            INSERT INTO encounter (pokemon_id, location_area, version, method, min_level, max_level, chance, conditions)
            VALUES (10100, 'viridian-forest-area', 'red', 'walk', 3, 5, 5, '')
            """)
        try storeAlolanRaichuForm()
        try TypedBodyRescan.run(database)
        let met = try PokedexEntryQueries(database: database, language: language).locationEntry(
            slug: "viridian-forest", versionGroup: "red-blue"
        ).areas.flatMap(\.appearances)
        let raichu = try #require(met.first { $0.pokemon == "raichu-alola" })
        #expect(raichu.displayName == name && raichu.form == form)
    }

    @Test("a move's machines among the games its items are in; its item teaching another move there, by game")
    func machineGames() throws {
        try database.run(
            "INSERT INTO machine (id, item, move, version_group) VALUES (3, 'tm24', 'dragon-breath', 'gold-silver')")
        try database.run("INSERT INTO machine (id, item, move, version_group) VALUES (4, 'tm13', 'snore', 'crystal')")
        let queries = PokedexEntryQueries(database: database, language: "en")
        let move = try queries.moveEntry(slug: "thunderbolt", versionGroup: nil)
        // Crystal's TM13 is no item of the move's: nothing about it matters to its runs.
        #expect(move.machineGames.map(\.versionGroup) == ["red-blue", "gold-silver"])
        #expect(move.itemsTeachingOtherMoves == ["gold-silver": ["tm24"]])
        #expect(move.machines.map(\.itemName) == ["TM24"])
        let goldSilver = try queries.moveEntry(slug: "thunderbolt", versionGroup: "gold-silver")
        #expect(goldSilver.machines.isEmpty && goldSilver.machineGames.map(\.versionGroup) == ["gold-silver"])
    }

    @Test("a place knows its areas and encounters are all stored once a whole sync of each succeeded")
    func allTaken() throws {
        let queries = PokedexEntryQueries(database: database, language: "en")
        let before = try queries.locationEntry(slug: "viridian-forest", versionGroup: nil)
        #expect(!before.allAreasStored && !before.allEncountersStored)
        let areas = try #require(PokeAPIResources.displayed.first { $0.kind.name == "location-area" })
        let log = SyncRunLog(database: database)
        for (resource, scope) in [
            (areas, SyncScope.whole),
            (PokeAPIResources.encounters, .part(offset: 0, limit: 20)),
        ] {
            try log.finish(
                try log.begin(.pokeAPI(resource.kind), scope: scope, pid: 1), SyncRunEnd(outcome: .succeeded))
        }
        let after = try queries.locationEntry(slug: "viridian-forest", versionGroup: nil)
        #expect(after.allAreasStored && !after.allEncountersStored, "a partial sync of encounters took some")
    }
}
