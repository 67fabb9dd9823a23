import Foundation
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexSync

/// An item's prices per version group, as PokeAPI's bodies give them (`prices`, no `cost`):
/// scanned, typed from a stored body, read back in the games' order, and narrowed by `--game`
/// with the wild Pokémon that hold it.
@Suite("Item prices")
struct ItemPriceTests {
    static let ultraBall = """
        {"id":2,"name":"ultra-ball","prices":[\
        {"currency":{"name":"poke-dollar","url":"u"},"purchase_price":800,"sell_price":400,"version_group":{"name":"sword-shield","url":"u"}},\
        {"currency":{"name":"poke-dollar","url":"u"},"purchase_price":1200,"sell_price":600,"version_group":{"name":"red-blue","url":"u"}},\
        {"purchase_price":null,"version_group":{"name":"yellow","url":"u"}},{"purchase_price":5}],\
        "held_by_pokemon":[{"pokemon":{"name":"pikachu","url":"u"},"version_details":[\
        {"rarity":5,"version":{"name":"red","url":"u"}},{"rarity":50,"version":{"name":"sword","url":"u"}}]}]}
        """

    @Test("prices are scanned per version group; one without its group refuses the array, not the body")
    func scanned() throws {
        let body = try PokeAPIScanner.typedBody(from: Data(Self.ultraBall.utf8))
        #expect(body.prices.isEmpty, "the last price names no version group")
        let fine = Self.ultraBall.replacingOccurrences(of: #",{"purchase_price":5}"#, with: "")
        #expect(
            try PokeAPIScanner.typedBody(from: Data(fine.utf8)).prices == [
                .init(versionGroup: "sword-shield", purchase: 800, sell: 400),
                .init(versionGroup: "red-blue", purchase: 1200, sell: 600),
                .init(versionGroup: "yellow", purchase: nil, sell: nil),
            ])
        #expect(try PokeAPIScanner.typedBody(from: Data(fine.utf8)).holders.count == 2)
    }

    @Test("stored, they read back in the games' order; --game keeps its group's price and holders")
    func readBack() throws {
        let (directory, database) = try PokedexEntryFixture.installedDatabase()
        defer { withExtendedLifetime(directory) {} }
        let body = Self.ultraBall.replacingOccurrences(of: #",{"purchase_price":5}"#, with: "")
        try database.storeBody("item", 2, "ultra-ball", body)
        for (id, version, group) in [(1, "red", "red-blue"), (33, "sword", "sword-shield")] {
            try database.storeBody(
                "version", id, version,
                #"{"id":\#(id),"name":"\#(version)","version_group":{"name":"\#(group)","url":"u"}}"#)
        }
        try database.run("INSERT INTO version_group VALUES (1, 'red-blue', 'generation-i', 3)")
        try database.run("INSERT INTO version_group VALUES (20, 'sword-shield', 'generation-viii', 20)")
        try TypedBodyRescan.run(database)
        let queries = PokedexEntryQueries(database: database, language: "en")

        let every = try queries.itemEntry(slug: "ultra-ball", versionGroup: nil)
        #expect(every.prices.map(\.versionGroup) == ["red-blue", "sword-shield", "yellow"])
        #expect(every.prices.first?.purchase == 1200 && every.prices.first?.sell == 600)
        #expect(every.holders.map(\.version) == ["red", "sword"])

        let sword = try queries.itemEntry(slug: "ultra-ball", versionGroup: "sword-shield")
        #expect(sword.prices.map(\.purchase) == [800])
        #expect(sword.holders.map(\.rarity) == [50])
    }
}
