import Foundation
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexSync

/// The typed tables of the kinds kept as bodies: scanned from a body, written when the body is
/// stored (or was stored before), and read back as `move`, `item`, `location` and `show` ask.
@Suite("Typed bodies")
struct TypedBodyTests {
    static func names(_ pairs: [(String, String)]) -> String {
        "[" + pairs.map { #"{"language":{"name":"\#($0.0)","url":"u"},"name":"\#($0.1)"}"# }.joined(separator: ",")
            + "]"
    }

    static let thunderbolt = #"""
        {"id":85,"name":"thunderbolt","power":90,"accuracy":100,"pp":15,"priority":0,"effect_chance":10,
         "type":{"name":"electric","url":"u"},"damage_class":{"name":"special","url":"u"},"target":{"name":"selected-pokemon","url":"u"},
         "generation":{"name":"generation-i","url":"u"},"meta":{"drain":0},"learned_by_pokemon":[{"name":"pikachu","url":"u"}],
         "effect_entries":[{"effect":"Has a $effect_chance% chance to paralyze.","short_effect":"$effect_chance% paralysis.","language":{"name":"en","url":"u"}}],
         "flavor_text_entries":[{"flavor_text":"A strong\nelectric blast.","language":{"name":"en","url":"u"},"version_group":{"name":"red-blue","url":"u"}}],
         "names":\#(names([("en", "Thunderbolt"), ("de", "Donnerblitz"), ("ja", "10まんボルト")]))}
        """#

    @Test(
        "top-level scalars and named resources become fields; arrays of another shape are skipped; invalid JSON refuses",
        arguments: [
            (
                thunderbolt,
                [
                    "name": TypedBody.Value.text("thunderbolt"), "power": .integer(90), "accuracy": .integer(100),
                    "pp": .integer(15), "priority": .integer(0), "effect_chance": .integer(10),
                    "type": .text("electric"), "damage_class": .text("special"), "target": .text("selected-pokemon"),
                    "generation": .text("generation-i"),
                ] as [String: TypedBody.Value]?
            ),
            (
                #"{"id":3,"name":"x","names":{"en":"X"},"is_mega":true,"cost":1.5,"pokemon":{"url":"u"},"fling_effect":null}"#,
                ["name": .text("x"), "is_mega": .flag(true)]
            ),
            (#"{"id":3,"name":"x","#, nil),
        ])
    func fields(body: String, expected: [String: TypedBody.Value]?) {
        let scanned = try? PokeAPIScanner.typedBody(from: Data(body.utf8))
        #expect(scanned?.fields.filter { $0.key != "id" } == expected)
    }

    @Test("names, effects with their chance substituted, flavor texts cleaned, holders and form names")
    func arrays() throws {
        let move = try PokeAPIScanner.typedBody(from: Data(Self.thunderbolt.utf8))
        #expect(move.names.map(\.name) == ["Thunderbolt", "Donnerblitz", "10まんボルト"])
        #expect(
            move.effects == [
                .init(language: "en", shortEffect: "10% paralysis.", effect: "Has a 10% chance to paralyze.")
            ])
        #expect(move.flavors == [.init(versionGroup: "red-blue", language: "en", text: "A strong electric blast.")])
        let item = try PokeAPIScanner.typedBody(
            from: Data(
                #"{"id":198,"name":"kings-rock","held_by_pokemon":[{"pokemon":{"name":"poliwhirl","url":"u"},"version_details":[{"rarity":5,"version":{"name":"gold","url":"u"}},{"rarity":null,"version":{"name":"silver","url":"u"}}]}],"flavor_text_entries":[{"text":"A rock.","language":{"name":"en","url":"u"},"version_group":{"name":"gold-silver","url":"u"}},{"flavor_text":"no group","language":{"name":"en","url":"u"},"version":{"name":"red","url":"u"}}]}"#
                    .utf8))
        #expect(
            item.holders == [
                .init(pokemon: "poliwhirl", version: "gold", rarity: 5),
                .init(pokemon: "poliwhirl", version: "silver", rarity: nil),
            ])
        #expect(item.flavors.map(\.versionGroup) == ["gold-silver"], "an entry of a version, not a group, is skipped")
        let form = try PokeAPIScanner.typedBody(
            from: Data(
                (#"{"id":10202,"name":"raichu-alola","form_names":"# + Self.names([("en", "Alola Form")])
                    + #","names":"#
                    + Self.names([("en", "Alolan Raichu"), ("fr", "Raichu d’Alola")]) + "}").utf8))
        #expect(form.formNames.map(\.name) == ["Alola Form"] && form.names.count == 2)
    }

    @Test(
        "encounters: one per version detail and encounter detail; a missing area or method refuses",
        arguments: [
            (
                #"[{"location_area":{"name":"viridian-forest-area","url":"u"},"version_details":[{"version":{"name":"red","url":"u"},"max_chance":5,"encounter_details":[{"min_level":3,"max_level":5,"chance":4,"method":{"name":"walk","url":"u"},"condition_values":[{"name":"time-day","url":"u"}]}]}]}]"#,
                [
                    WildEncounter(
                        locationArea: "viridian-forest-area", version: "red", method: "walk", minLevel: 3, maxLevel: 5,
                        chance: 4, conditions: ["time-day"])
                ] as [WildEncounter]?
            ),
            ("[]", []),
            (#"[{"version_details":[]}]"#, nil),
            (
                #"[{"location_area":{"name":"a","url":"u"},"version_details":[{"version":{"name":"red","url":"u"},"encounter_details":[{"chance":1}]}]}]"#,
                nil
            ),
        ])
    func encounters(body: String, expected: [WildEncounter]?) {
        #expect((try? PokeAPIScanner.wildEncounters(from: Data(body.utf8))) == expected)
    }
}

/// The typed scanners on real bodies from `../shared/data/pokeapi`.
@Suite("Real typed bodies", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealTypedBodyTests {
    private struct Found: Error {}

    /// The body of `kind`'s resource at `path`, reading its file only as far as it.
    static func body(_ kind: String, _ path: String) throws -> Data {
        var found: Data?
        do {
            try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/\(kind).jsonl.gz") { line in
                guard line.starts(with: Data(#"{"path": "\#(path)""#.utf8)) else { return }
                let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
                found = Data(try #require(record["body"] as? String).utf8)
                throw Found()
            }
        } catch is Found {}
        return try #require(found, "\(path) in \(kind).jsonl.gz")
    }

    @Test("Thunderbolt: electric, special, 90 power, its names and Scarlet/Violet text")
    func thunderbolt() throws {
        let move = try PokeAPIScanner.typedBody(from: try Self.body("move", "/api/v2/move/85/"))
        #expect(move.fields["type"] == .text("electric") && move.fields["damage_class"] == .text("special"))
        #expect(move.fields["power"] == .integer(90) && move.fields["pp"] == .integer(15))
        #expect(move.names.contains(LocalizedName(language: "ja-hrkt", name: "１０まんボルト")))
        #expect(move.flavors.contains { $0.versionGroup == "scarlet-violet" && $0.language == "en" })
    }

    @Test("King's Rock: its holders per version, its names; a machine names its item, move and group")
    func itemAndMachine() throws {
        let item = try PokeAPIScanner.typedBody(from: try Self.body("item", "/api/v2/item/198/"))
        #expect(item.fields["name"] == .text("kings-rock"))
        #expect(item.names.contains(LocalizedName(language: "en", name: "King’s Rock")))
        #expect(item.holders.contains { $0.pokemon == "poliwhirl" })
        let machine = try PokeAPIScanner.typedBody(from: try Self.body("machine", "/api/v2/machine/30/"))
        #expect(machine.fields["item"] == .text("tm02") && machine.fields["move"] == .text("dragon-claw"))
    }

    @Test("Alolan Raichu's form names; Pikachu met in Viridian Forest in Red")
    func formAndEncounters() throws {
        let form = try PokeAPIScanner.typedBody(from: try Self.body("pokemon-form", "/api/v2/pokemon-form/10202/"))
        #expect(form.names.contains(LocalizedName(language: "en", name: "Alolan Raichu")))
        #expect(form.fields["pokemon"] == .text("raichu-alola"))
        let encounters = try PokeAPIScanner.wildEncounters(
            from: try Self.body("pokemon-encounters", "/api/v2/pokemon/25/encounters"))
        #expect(encounters.contains { $0.locationArea == "viridian-forest-area" && $0.version == "red" })
    }
}
