import Foundation
import PokedexStore
import TestSupport
import Testing

@testable import HTTPTypes
@testable import LocalDatabase
@testable import PokedexSync

/// The Pokédex entry's resources (types, abilities, species, evolution chains): decoders and
/// stores over small fixtures that always run.
@Suite("Pokédex entry resources")
struct PokedexEntryDecodingTests {
    @Test("flavor texts: form feeds, line breaks and soft hyphens at line ends cleaned")
    func flavorCleaning() {
        #expect(
            FlavorTextCleaning.clean("A strange seed was\nplanted on its\nback at birth.\u{0C}The plant sprouts")
                == "A strange seed was planted on its back at birth. The plant sprouts")
        #expect(FlavorTextCleaning.clean("Exposure to sun\u{AD}\nlight adds to") == "Exposure to sunlight adds to")
        #expect(FlavorTextCleaning.clean("  two\n\n spaces\u{AD}here ") == "two spaces here")
    }

    static let typeBody = """
        {"damage_relations":{"double_damage_to":[{"name":"grass","url":"/api/v2/type/12/"}],
        "half_damage_to":[{"name":"water","url":"/api/v2/type/11/"},{"name":"fire","url":"/api/v2/type/10/"}],
        "no_damage_to":[],"double_damage_from":[{"name":"water","url":"/api/v2/type/11/"}]},
        "generation":{"name":"generation-i","url":"/api/v2/generation/1/"},"id":10,
        "move_damage_class":{"name":"special","url":"/x/"},"moves":[],"name":"fire",
        "names":[{"language":{"name":"en","url":"/l/9/"},"name":"Fire"},{"language":{"name":"en","url":"/l/9/"},"name":"Fire!"}]}
        """

    @Test("a type decodes with its damage multipliers from both sides; a type named twice on one side is refused")
    func typeDecoding() throws {
        let type = try PokeAPIScanner.type(from: Data(Self.typeBody.utf8))
        #expect(type.id == 10 && type.name == "fire" && type.generation == "generation-i")
        #expect(type.names == [LocalizedName(language: "en", name: "Fire!")])
        #expect(
            type.damageTo == [
                DamageRelation(type: "grass", typeID: 12, multiplier: 2),
                DamageRelation(type: "water", typeID: 11, multiplier: 0.5),
                DamageRelation(type: "fire", typeID: 10, multiplier: 0.5),
            ])
        #expect(type.damageFrom == [DamageRelation(type: "water", typeID: 11, multiplier: 2)])
        #expect(type.violation == nil)
        let twice = Self.typeBody.replacingOccurrences(
            of: "\"no_damage_to\":[]", with: "\"no_damage_to\":[{\"name\":\"grass\",\"url\":\"/t/\"}]")
        #expect(try PokeAPIScanner.type(from: Data(twice.utf8)).violation?.contains("grass") == true)
        // The same type once on each side is two pairs, not a repeat.
        let bothSides = Self.typeBody.replacingOccurrences(
            of: "\"double_damage_from\":[",
            with: "\"no_damage_from\":[{\"name\":\"grass\",\"url\":\"/t/\"}],\"double_damage_from\":[")
        let both = try PokeAPIScanner.type(from: Data(bothSides.utf8))
        #expect(both.violation == nil && both.damageFrom.map(\.type) == ["water", "grass"])
        #expect(both.damageFrom.last?.typeID == nil)
        let fromTwice = Self.typeBody.replacingOccurrences(
            of: "\"double_damage_from\":[",
            with: "\"half_damage_from\":[{\"name\":\"water\",\"url\":\"/t/\"}],\"double_damage_from\":[")
        #expect(try PokeAPIScanner.type(from: Data(fromTwice.utf8)).violation?.contains("water") == true)
    }

    @Test("an evolution chain flattens depth-first with each member's parent and steps")
    func chainDecoding() throws {
        let body = """
            {"baby_trigger_item":null,"chain":{"evolution_details":[],"evolves_to":[
            {"evolves_to":[{"evolution_details":[{"min_level":36,"trigger":{"name":"level-up","url":"/t/1/"},"time_of_day":""}],
            "evolves_to":[],"is_baby":false,"species":{"name":"c","url":"/s/3/"}}],
            "evolution_details":[{"item":{"name":"fire-stone","url":"/i/1/"},"time_of_day":"night","gender":1}],
            "is_baby":false,"species":{"name":"b","url":"/s/2/"}},
            {"evolution_details":[],"evolves_to":[],"is_baby":false,"species":{"name":"d","url":"/s/4/"}}],
            "is_baby":true,"species":{"name":"a","url":"/s/1/"}},"id":7}
            """
        let chain = try PokeAPIScanner.evolutionChain(from: Data(body.utf8))
        #expect(chain.id == 7)
        #expect(chain.members.map(\.speciesName) == ["a", "b", "c", "d"])
        #expect(chain.members.map(\.evolvesFrom) == [nil, "a", "b", "a"])
        #expect(chain.members[0].isBaby && !chain.members[1].isBaby)
        let step = try #require(chain.members[1].steps.first)
        #expect(step.item == "fire-stone" && step.timeOfDay == "night" && step.gender == 1)
        #expect(step.json.hasPrefix("{\"item\"") && step.json.hasSuffix("\"gender\":1}"))
        #expect(chain.members[2].steps.first?.minLevel == 36 && chain.members[2].steps.first?.timeOfDay == nil)
        let far = body.replacingOccurrences(of: "\"min_level\":36", with: "\"min_level\":100000")
        #expect(try PokeAPIScanner.evolutionChain(from: Data(far.utf8)).violation?.contains("min_level") == true)
    }

    @Test("every condition PokeAPI gives is scanned: moves used, steps, damage, rocks, forms, region, games")
    func chainConditions() throws {
        let body = """
            {"id":24,"chain":{"evolution_details":[],"species":{"name":"a","url":"/s/1/"},"evolves_to":[
            {"species":{"name":"b","url":"/s/2/"},"evolves_to":[],"evolution_details":[
            {"used_move":{"name":"rage-fist","url":"/m/889/"},"min_move_count":20,"min_steps":1000,
            "min_damage_taken":49,"near_special_rock":true,"needs_multiplayer":false,
            "region":{"name":"galar","url":"/r/8/"},"base_form":{"name":"a-galar","url":"/p/1/"},
            "evolved_form":{"name":"b-galar","url":"/p/2/"},"version_group":{"name":"sword-shield","url":"/v/20/"},
            "trigger":{"name":"use-move","url":"/t/14/"}},
            {"used_move":null,"min_move_count":null,"region":null,"base_form":null,"evolved_form":null}]}]}}
            """
        let chain = try PokeAPIScanner.evolutionChain(from: Data(body.utf8))
        let steps = chain.members[1].steps
        #expect(steps.count == 2 && chain.violation == nil)
        let step = steps[0].conditions
        #expect(step.usedMove == "rage-fist" && step.minMoveCount == 20 && step.minSteps == 1000)
        #expect(step.minDamageTaken == 49 && step.nearSpecialRock == true && step.needsMultiplayer == false)
        #expect(step.region == "galar" && step.baseForm == "a-galar" && step.evolvedForm == "b-galar")
        #expect(step.versionGroup == "sword-shield")
        #expect(steps[1].conditions == EvolutionStep(trigger: nil))
        let far = body.replacingOccurrences(of: "\"min_steps\":1000", with: "\"min_steps\":-1")
        #expect(try PokeAPIScanner.evolutionChain(from: Data(far.utf8)).violation?.contains("min_steps") == true)
    }

    @Test("a species decodes; an out-of-range capture rate is refused")
    func speciesDecoding() throws {
        let body = """
            {"capture_rate":45,"evolution_chain":{"url":"https://pokeapi.co/api/v2/evolution-chain/1/"},
            "evolves_from_species":null,"flavor_text_entries":[{"flavor_text":"A seed\\nplanted.\\fIt grows.",
            "language":{"name":"en","url":"/l/9/"},"version":{"name":"red","url":"/v/1/"}}],
            "genera":[{"genus":"Seed Pokémon","language":{"name":"en","url":"/l/9/"}}],"gender_rate":1,
            "generation":{"name":"generation-i","url":"https://pokeapi.co/api/v2/generation/1/"},"id":1,
            "is_baby":false,"is_legendary":false,"is_mythical":false,"name":"bulbasaur",
            "names":[{"language":{"name":"en","url":"/l/9/"},"name":"Bulbasaur"}],"order":1,
            "varieties":[{"is_default":true,"pokemon":{"name":"bulbasaur","url":"/api/v2/pokemon/1/"}}]}
            """
        let species = try PokeAPIScanner.species(from: Data(body.utf8))
        #expect(species.id == 1 && species.name == "bulbasaur" && species.generationNumber == 1)
        #expect(species.evolutionChainID == 1 && species.captureRate == 45 && species.genderRate == 1)
        #expect(species.names == [SpeciesDetails.Name(language: "en", name: "Bulbasaur", genus: "Seed Pokémon")])
        #expect(species.flavorTexts.first?.text == "A seed planted. It grows.")
        #expect(species.varieties.first?.isDefault == true && species.violation == nil)
        let bad = body.replacingOccurrences(of: "\"capture_rate\":45", with: "\"capture_rate\":4500")
        #expect(try PokeAPIScanner.species(from: Data(bad.utf8)).violation?.contains("capture_rate") == true)
    }

    @Test("a flavor text whose language and version come again keeps the last text, at the first position")
    func repeatedFlavorTexts() throws {
        func entry(_ text: String, _ language: String, _ version: String) -> String {
            #"{"flavor_text":"\#(text)","language":{"name":"\#(language)","url":"/l/"},"#
                + #""version":{"name":"\#(version)","url":"/v/"}}"#
        }
        let entries = [
            entry("first", "en", "red"), entry("b", "en", "blue"), entry("rouge", "fr", "red"),
            entry("last", "en", "red"), entry("bleu", "fr", "blue"), entry("B", "en", "blue"),
        ]
        let body = #"{"id":1,"name":"bulbasaur","flavor_text_entries":["# + entries.joined(separator: ",") + "]}"
        let texts = try PokeAPIScanner.species(from: Data(body.utf8)).flavorTexts
        #expect(
            texts.map { "\($0.language) \($0.version) \($0.text)" } == [
                "en red last", "en blue B", "fr red rouge", "fr blue bleu",
            ])
    }

    @Test("a type stored twice keeps one set of damage rows; a 200 for another id is refused naming the URL")
    func typeStore() throws {
        let directory = try TemporaryDirectory()
        let store = TypeStore(database: try LocalStore.openForWriting(path: directory.file("t.sqlite")))
        let url = "https://pokeapi.co/api/v2/type/10/"
        let response = HTTPResponse(url: URL(string: url)!, status: 200, headers: [:], body: Data(Self.typeBody.utf8))
        let entry = ResourceListEntry(id: 10, name: "fire", url: url)
        let downloaded = try TypeKind.downloaded(from: response, entry: entry)
        for _ in 0..<2 {
            try store.beginPage(entries: [entry])
            try store.saveDetails(downloaded)
            try store.commitPage()
        }
        let rows = try store.database.query(
            """
            SELECT attacking_type, attacking_type_id, defending_type, defending_type_id, multiplier FROM type_damage
            ORDER BY attacking_type, defending_type
            """
        ) { "\($0.text(0))#\($0.text(1))>\($0.text(2))#\($0.text(3))=\($0.text(4))" }
        // Its _to lists as attacker, its _from list as defender (water's move, a type not synced).
        #expect(
            rows == ["fire#10>fire#10=0.5", "fire#10>grass#12=2.0", "fire#10>water#11=0.5", "water#11>fire#10=2.0"])
        #expect(try store.body(id: 10) == [UInt8](Self.typeBody.utf8))
        #expect(try store.storedDetails(maximumAgeSeconds: 60)[10]?.isFresh == true)
        let other = ResourceListEntry(id: 11, name: "water", url: "https://pokeapi.co/api/v2/type/11/")
        #expect(throws: FetchError.self) { try TypeKind.downloaded(from: response, entry: other) }
    }
}
