import BodyCoding
import Foundation
import PokedexStore
import PokedexSync
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexCLI

/// Evolution lines rendered from the real chains and species in ../shared/data/pokeapi, stored
/// and read back as `show` reads them: regional forms, babies, branches, every trigger.
@Suite("Real evolution lines", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealEvolutionLineTests {
    /// The chains whose first species is one of these, and every species they name.
    static let roots: Set<String> = [
        "eevee", "pichu", "meowth", "mankey", "wurmple", "nincada", "tyrogue", "mime-jr", "slowpoke", "rockruff",
        "meltan", "melmetal", "munchlax", "kubfu", "pawmi", "yamask", "teddiursa", "scyther", "tandemaus", "cyndaquil",
    ]

    /// The species the tests show, each with its chain as `show` reads it.
    static let shown = [
        "raichu", "meowth", "mr-rime", "slowking", "lycanroc", "kubfu", "mankey", "pawmot", "runerigus", "ursaluna",
        "meltan", "melmetal", "munchlax", "nincada", "tyrogue", "wurmple", "scizor", "eevee", "maushold", "typhlosion",
    ]

    /// Stored once for all tests; the failure's description where storing failed.
    static let stored: Result<[String: EvolutionChain], StoreFailure> = {
        do { return .success(try store()) } catch { return .failure(StoreFailure(description: "\(error)")) }
    }()

    struct StoreFailure: Error, CustomStringConvertible {
        let description: String
    }

    static func store() throws -> [String: EvolutionChain] {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("real-evolution.sqlite"))
        let chainStore = EvolutionChainStore(database: database)
        var species: Set<Int> = []
        try forEachBody("evolution-chain") { id, body in
            let chain = try PokeAPIScanner.evolutionChain(from: body)
            guard let root = chain.members.first?.speciesName, roots.contains(root) else { return }
            // Each member's species by the id its URL ends with, so the others are never decoded.
            species.formUnion(chain.members.compactMap { Int($0.speciesURL.split(separator: "/").last ?? "") })
            try chainStore.beginPage(entries: [
                ResourceListEntry(id: id, name: "", url: "/api/v2/evolution-chain/\(id)/")
            ])
            try chainStore.saveDetails(.init(id: id, fields: chain, body: .compressing([UInt8](body)), etag: nil))
            try chainStore.commitPage()
        }
        let speciesStore = SpeciesStore(database: database)
        try forEachBody("pokemon-species") { id, body in
            guard species.contains(id) else { return }
            let details = try PokeAPIScanner.species(from: body)
            try speciesStore.beginPage(entries: [
                ResourceListEntry(id: id, name: details.name, url: "/api/v2/pokemon-species/\(id)/")
            ])
            try speciesStore.saveDetails(.init(id: id, fields: details, body: .compressing([UInt8](body)), etag: nil))
            try speciesStore.commitPage()
        }
        let queries = PokedexEntryQueries(database: database)
        var chains: [String: EvolutionChain] = [:]
        for name in shown { chains[name] = try queries.evolutionChain(speciesName: name) }
        return chains
    }

    static func forEachBody(_ file: String, _ body: (Int, Data) throws -> Void) throws {
        try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/\(file).jsonl.gz") { line in
            let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            try body(try #require(record["id"] as? Int), Data(try #require(record["body"] as? String).utf8))
        }
    }

    static func lines(_ species: String) throws -> [String] {
        return EvolutionText.lines(try #require(try stored.get()[species], "no chain for \(species)"))
    }

    @Test(
        "lines as show prints them",
        arguments: [
            (
                "raichu",
                [
                    "Pichu (baby) → Pikachu (high friendship) → Raichu (Thunder Stone)",
                    "                                         → Alolan Raichu (Thunder Stone, in Alola)",
                ]
            ),
            (
                "meowth",
                [
                    "Meowth → Persian (level 28)", "Alolan Meowth → Alolan Persian (high friendship)",
                    "Galarian Meowth → Perrserker (level 28)",
                ]
            ),
            (
                "mr-rime",
                [
                    "Mime Jr. (baby, bred holding Odd Incense) → Mr. Mime (knowing Mimic)",
                    "                                          → Galarian Mr. Mime (knowing Mimic, in Galar)"
                        + " → Mr. Rime (level 42)",
                ]
            ),
            (
                "slowking",
                [
                    "Slowpoke → Slowbro (level 37)", "         → Slowking (trade, holding Kings Rock)",
                    "Galarian Slowpoke → Galarian Slowbro (Galarica Cuff)",
                    "                  → Galarian Slowking (Galarica Wreath)",
                ]
            ),
            (
                "lycanroc",
                [
                    "Rockruff → Lycanroc (level 25, day)", "         → Midnight Lycanroc (level 25, night)",
                    "Own Tempo Rockruff → Dusk Lycanroc (level 25, dusk)",
                ]
            ),
            (
                "kubfu",
                [
                    "Kubfu → Urshifu (Tower of Darkness or Scroll of Darkness)",
                    "      → Rapid Strike Urshifu (Tower of Waters or Scroll of Waters)",
                ]
            ),
            ("mankey", ["Mankey → Primeape (level 28) → Annihilape (using Rage Fist 20 times)"]),
            ("pawmot", ["Pawmi → Pawmo (level 18) → Pawmot (after 1,000 steps)"]),
            (
                "runerigus",
                ["Yamask → Cofagrigus (level 34)", "Galarian Yamask → Runerigus (after taking 49 HP of damage)"]
            ),
            ("ursaluna", ["Teddiursa → Ursaring (level 30) → Ursaluna (Peat Block, full moon)"]),
            ("maushold", ["Tandemaus → Maushold (level 25)"]),
            (
                "typhlosion",
                [
                    "Cyndaquil → Quilava (level 14; or level 17, in Hisui) → Typhlosion (level 36)",
                    "                                                      → Hisuian Typhlosion (level 36, in Hisui)",
                ]
            ),
            ("meltan", ["Meltan → Melmetal"]), ("melmetal", ["Meltan → Melmetal"]),
            ("munchlax", ["Munchlax (baby, bred holding Full Incense) → Snorlax (high friendship)"]),
            (
                "nincada",
                [
                    "Nincada → Ninjask (level 20)",
                    "        → Shedinja (shed into a free party slot, with a spare Poké Ball)",
                ]
            ),
            (
                "tyrogue",
                [
                    "Tyrogue (baby) → Hitmonlee (level 20, Attack > Defense)",
                    "               → Hitmonchan (level 20, Attack < Defense)",
                    "               → Hitmontop (level 20, Attack = Defense)",
                ]
            ),
            (
                "wurmple",
                [
                    "Wurmple → Silcoon (level 7) → Beautifly (level 10)",
                    "        → Cascoon (level 7) → Dustox (level 10)",
                ]
            ),
            (
                "scizor",
                ["Scyther → Scizor (trade, holding Metal Coat)", "        → Kleavor (Black Augurite)"]
            ),
        ] as [(String, [String])])
    func line(species: String, expected: [String]) throws {
        #expect(try Self.lines(species) == expected)
    }

    @Test("Eevee's eight, the special rocks' places listed once each")
    func eevee() throws {
        let lines = try Self.lines("eevee")
        #expect(lines.count == 8 && lines[0] == "Eevee → Vaporeon (Water Stone)", "\(lines)")
        #expect(
            lines[5]
                == "      → Leafeon (near a special rock at Eterna Forest, Pinwheel Forest, Kalos Route 20,"
                + " Petalburg Woods or Lush Jungle; or Leaf Stone)")
        #expect(lines[3] == "      → Espeon (high friendship, day)")
    }
}
