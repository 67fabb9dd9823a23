import BodyCoding
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

@Suite("Pokémon catalog store")
struct PokemonCatalogTests {
    let directory: TemporaryDirectory
    let catalog: PokemonCatalog

    init() throws {
        directory = try TemporaryDirectory()
        catalog = PokemonCatalog(database: try LocalStore.openForWriting(path: directory.file("catalog.sqlite")))
    }

    static func entry(_ id: Int, _ name: String) -> ResourceListEntry {
        ResourceListEntry(id: id, name: name, url: "https://pokeapi.co/api/v2/pokemon/\(id)/")
    }

    static func details(
        _ id: Int, _ name: String, types: [String] = ["electric"], weight: Int = 60,
        artwork: String? = "https://img.example/official.png"
    ) -> DownloadedDetails {
        let details = PokemonDetails(
            id: id, name: name, height: 4, weight: weight, baseExperience: 112, order: 35, speciesName: name,
            types: types,
            abilities: [
                .init(name: "static", isHidden: false, slot: 1), .init(name: "lightning-rod", isHidden: true, slot: 3),
            ],
            stats: [.init(name: "hp", baseStat: 35, effort: 0), .init(name: "speed", baseStat: 90, effort: 2)],
            officialArtworkURL: artwork)
        return DownloadedDetails(
            details: details, body: .compressing(Array("{\"id\":\(id),\"weight\":\(weight)}".utf8)),
            etag: "W/\"\(weight)\"")
    }

    func rowCounts() throws -> [Int] {
        try ["pokemon", "pokemon_type", "pokemon_ability", "pokemon_stat", "pokemon_detail_json"].map { table in
            try catalog.database.queryFirst("SELECT count(*) FROM \(table)") { $0.int(0) } ?? -1
        }
    }

    @Test("saving the same page twice changes no row count")
    func idempotentUpsert() throws {
        let entries = [Self.entry(25, "pikachu"), Self.entry(26, "raichu")]
        let details = [Self.details(25, "pikachu"), Self.details(26, "raichu", types: ["electric", "psychic"])]
        try catalog.savePage(entries: entries, details: details)
        let first = try rowCounts()
        #expect(first == [2, 3, 4, 4, 2])
        try catalog.savePage(entries: entries, details: details)
        #expect(try rowCounts() == first)
    }

    @Test("a re-sync updates changed rows, types and the raw body")
    func updatesChangedRows() throws {
        try catalog.savePage(entries: [Self.entry(25, "pikachu")], details: [Self.details(25, "pikachu")])
        try catalog.savePage(
            entries: [Self.entry(25, "pikachu")],
            details: [Self.details(25, "pikachu", types: ["electric", "fairy"], weight: 65)])
        let profile = try #require(try catalog.profile(id: 25))
        #expect(profile.weight == 65)
        #expect(profile.summary.types == ["electric", "fairy"])
        #expect(try catalog.detailBody(id: 25) == Array("{\"id\":25,\"weight\":65}".utf8))
        #expect(try catalog.detailBody(id: 26) == nil)
        #expect(
            try catalog.storedDetails(maximumAgeSeconds: nil)[25]
                == .init(etag: "W/\"65\"", isFresh: false, url: Self.entry(25, "pikachu").url))
    }

    @Test("a learnset's slugs coded in a page that rolled back are coded again by the next page")
    func learnsetNamesAfterRollBack() throws {
        let moves = [
            LearnedMove(move: "thunderbolt", versionGroup: "red-blue", method: "machine", level: 0, order: nil),
            LearnedMove(move: "thunder-shock", versionGroup: "red-blue", method: "level-up", level: 1, order: 1),
        ]
        let base = Self.details(25, "pikachu").details
        let details = PokemonDetails(
            id: 25, name: "pikachu", height: base.height, weight: base.weight, baseExperience: base.baseExperience,
            order: base.order, speciesName: base.speciesName, types: base.types, abilities: base.abilities,
            stats: base.stats, officialArtworkURL: base.officialArtworkURL, moves: moves)
        let downloaded = DownloadedDetails(details: details, body: .compressing(Array("{}".utf8)), etag: nil)
        try catalog.beginPage(entries: [Self.entry(25, "pikachu")])
        try catalog.saveDetails(downloaded)
        catalog.rollBackPage()
        #expect(try catalog.database.queryFirst("SELECT count(*) FROM learnset_name") { $0.int(0) } == 0)
        try catalog.savePage(entries: [Self.entry(25, "pikachu")], details: [downloaded])
        let stored = try catalog.database.query(
            "SELECT move_name, version_group, method, level FROM pokemon_move WHERE pokemon_id = 25 ORDER BY level"
        ) { "\($0.text(0)) \($0.text(1)) \($0.text(2)) \($0.int(3))" }
        #expect(stored == ["thunderbolt red-blue machine 0", "thunder-shock red-blue level-up 1"])
    }

    @Test(
        "a learnset is stored whole whatever its order, a row given twice as the body gives it first",
        arguments: [3, 65_538])
    func learnsetOrderAndRepeatedRows(thunderCode: Int) throws {
        // 65,538 and 2 share their low 16 bits: the codes then tie in the rows' sort.
        try catalog.database.run(
            "INSERT INTO learnset_name (id, name) VALUES (2, 'growl'), (?, 'thunder')", [.int(thunderCode)])
        try catalog.savePage(entries: [Self.entry(25, "pikachu")], details: [Self.details(25, "pikachu")])
        let moves = [
            LearnedMove(move: "thunder", versionGroup: "red-blue", method: "level-up", level: 1, order: 7),
            LearnedMove(move: "growl", versionGroup: "red-blue", method: "level-up", level: 1, order: 2),
            LearnedMove(move: "thunder", versionGroup: "red-blue", method: "level-up", level: 1, order: 9),
            LearnedMove(move: "growl", versionGroup: "red-blue", method: "level-up", level: 1, order: 1),
            LearnedMove(move: "growl", versionGroup: "gold-silver", method: "egg", level: 0, order: nil),
        ]
        try catalog.database.writeTransaction { try catalog.saveLearnset(pokemonID: 25, moves) }
        let stored = try catalog.database.query(
            "SELECT move_name, version_group, method, sort_order FROM pokemon_move WHERE pokemon_id = 25"
        ) { "\($0.text(0)) \($0.text(1)) \($0.text(2)) \($0.optionalInt(3).map { "\($0)" } ?? "-")" }
        #expect(
            stored.sorted() == [
                "growl gold-silver egg -", "growl red-blue level-up 2", "thunder red-blue level-up 7",
            ])
    }

    @Test("the learnsets' index by move is due once a learnset is stored, then serves who learns a move")
    func learnsetIndexByMove() throws {
        #expect(try !catalog.learnsetIndexIsDue, "none stored: none due (a new database has none, migration 0025)")
        let move = LearnedMove(move: "thunderbolt", versionGroup: "red-blue", method: "machine", level: 0, order: nil)
        try catalog.savePage(entries: [Self.entry(25, "pikachu")], details: [Self.details(25, "pikachu")])
        #expect(try !catalog.learnsetIndexIsDue, "a Pokémon that learns nothing stores no learnset")
        try catalog.database.writeTransaction { try catalog.saveLearnset(pokemonID: 25, [move]) }
        #expect(try catalog.learnsetIndexIsDue)
        try catalog.database.execute("PRAGMA temp_store = DEFAULT")
        try catalog.indexLearnsetsByMove()
        #expect(try !catalog.learnsetIndexIsDue)
        #expect(try catalog.database.queryFirst("PRAGMA temp_store") { $0.int(0) } == 0, "as it was")
        let plan = try catalog.database.query(
            "EXPLAIN QUERY PLAN SELECT pokemon_id FROM pokemon_move WHERE move_name = 'thunderbolt'"
        ) { $0.text(3) }
        #expect(plan.contains { $0.contains("pokemon_move_by_move") }, "\(plan)")
    }

    @Test("details are fresh within the maximum age; a 304 confirmation restarts their age")
    func freshness() throws {
        try catalog.savePage(
            entries: [Self.entry(25, "pikachu"), Self.entry(26, "raichu")],
            details: [Self.details(25, "pikachu"), Self.details(26, "raichu")])
        try catalog.database.run("UPDATE pokemon_detail_json SET fetched_at = '2020-01-01T00:00:00Z'")
        #expect(try catalog.storedDetails(maximumAgeSeconds: 3_600).values.allSatisfy { !$0.isFresh })
        try catalog.savePage(entries: [Self.entry(25, "pikachu")], details: [], confirmedIDs: [25])
        let stored = try catalog.storedDetails(maximumAgeSeconds: 3_600)
        #expect(stored[25]?.isFresh == true)
        #expect(stored[26]?.isFresh == false)
        #expect(try catalog.storedDetails(maximumAgeSeconds: 0)[25]?.isFresh == false, "age 0 revalidates everything")
        #expect(try catalog.storedDetails(maximumAgeSeconds: nil)[25]?.isFresh == false)
    }

    @Test("what a refresh checks first (ETags, ages) is read from an index, not the bodies' pages")
    func freshnessScanIsIndexOnly() throws {
        let plan = try catalog.database.query(
            "EXPLAIN QUERY PLAN " + PokemonCatalog.storedDetailsSQL, [.null, .null]
        ) { $0.text(3) }
        #expect(
            plan == [
                "SCAN body USING COVERING INDEX pokemon_detail_freshness",
                "SEARCH pokemon USING INTEGER PRIMARY KEY (rowid=?)",
            ])
    }

    @Test("a list entry without details is still a row, with a derived artwork link")
    func entryWithoutDetails() throws {
        try catalog.savePage(entries: [Self.entry(132, "ditto")], details: [])
        let profile = try #require(try catalog.profile(name: "ditto"))
        #expect(!profile.hasDetails)
        #expect(profile.summary.artwork.derived)
        #expect(profile.summary.types.isEmpty)
        #expect(try catalog.storedDetails(maximumAgeSeconds: nil).isEmpty)
    }

    @Test("unchanged details (not in the page's downloads) keep what is stored")
    func keepsUnchangedDetails() throws {
        try catalog.savePage(entries: [Self.entry(25, "pikachu")], details: [Self.details(25, "pikachu")])
        try catalog.savePage(entries: [Self.entry(25, "pikachu")], details: [])
        #expect(try catalog.profile(id: 25)?.hasDetails == true)
        #expect(try catalog.profile(id: 25)?.abilities.count == 2)
    }

    @Test("a name that moved to another id upstream deletes nothing: the old row keeps its data as name~id")
    func nameMovedToAnotherID() throws {
        try catalog.savePage(entries: [Self.entry(10001, "pikachu-cap")], details: [Self.details(10001, "pikachu-cap")])
        try catalog.savePage(entries: [Self.entry(10002, "pikachu-cap")], details: [])
        #expect(try catalog.names() == ["pikachu-cap~10001", "pikachu-cap"])
        #expect(try catalog.profile(name: "pikachu-cap")?.summary.id == 10002)
        let kept = try #require(try catalog.profile(id: 10001))
        #expect(kept.hasDetails && kept.abilities.count == 2 && kept.stats.count == 2)
        #expect(try catalog.detailBody(id: 10001) != nil)

        // Once the list gives it a name of its own again, it takes that name.
        try catalog.savePage(entries: [Self.entry(10001, "pikachu-original")], details: [])
        #expect(try catalog.names() == ["pikachu-original", "pikachu-cap"])
    }

    @Test("a name with a NUL is stored whole and does not take another Pokémon's name")
    func nulInName() throws {
        try catalog.savePage(entries: [Self.entry(1, "mew")], details: [Self.details(1, "mew")])
        try catalog.savePage(entries: [Self.entry(2, "mew\u{0}two")], details: [])
        #expect(try catalog.names().sorted() == ["mew", "mew\u{0}two"])
        #expect(try catalog.profile(id: 1)?.hasDetails == true)
    }

    @Test("list pages in id order and filters by type")
    func listing() throws {
        let entries = (1...30).map { Self.entry($0, "mon-\($0)") }
        let details = (1...30).map { Self.details($0, "mon-\($0)", types: $0 % 3 == 0 ? ["fire"] : ["water", "fire"]) }
        try catalog.savePage(entries: entries.reversed(), details: details)
        #expect(try catalog.list(offset: 24, limit: 21).map(\.id) == Array(25...30))
        #expect(try catalog.list(offset: 0, limit: 3).map(\.id) == [1, 2, 3])
        #expect(try catalog.list(offset: 0, limit: 100, type: "fire").count == 30)
        #expect(try catalog.list(offset: 0, limit: 4, type: "water").map(\.id) == [1, 2, 4, 5])
        #expect(try catalog.list(offset: 0, limit: 10, type: "ghost").isEmpty)
        #expect(try catalog.typeNames() == ["fire", "water"])
        #expect(try catalog.list(offset: 0, limit: 1)[0].types == ["water", "fire"])
    }

    @Test("the SQL view computes the same id, types and artwork as Swift")
    func viewAgreesWithSwift() throws {
        let entries = [
            ResourceListEntry(id: 25, name: "pikachu", url: "https://pokeapi.co/api/v2/pokemon/25/"),
            ResourceListEntry(id: 10004, name: "no-art", url: "http://127.0.0.1:9/api/v2/pokemon/10004"),
            ResourceListEntry(id: 7, name: "query", url: "/api/v2/pokemon/7/?x=1"),
            ResourceListEntry(id: 8, name: "bare", url: "8"),
        ]
        try catalog.savePage(
            entries: entries,
            details: [
                Self.details(25, "pikachu", types: ["electric", "steel"]), Self.details(10004, "no-art", artwork: nil),
            ])
        let viewRows = try catalog.database.query(
            "SELECT id, name, types, artwork_url, artwork_derived FROM pokemon_summary ORDER BY name"
        ) {
            ($0.int(0), $0.text(1), $0.text(2), $0.text(3), $0.bool(4))
        }
        #expect(viewRows.count == entries.count)
        for (id, name, types, artworkURL, derived) in viewRows {
            let entry = try #require(entries.first { $0.name == name })
            #expect(id == (try PokemonResource.id(fromURL: entry.url)))
            let summary = try #require(try catalog.profile(name: name)).summary
            #expect(artworkURL == summary.artwork.url && derived == summary.artwork.derived)
            #expect(types == "[" + summary.types.map { "\"\($0)\"" }.joined(separator: ",") + "]")
        }
    }

    @Test("values are bound, not spliced: quotes and SQL in names are stored as text")
    func boundValues() throws {
        let name = "x'); DROP TABLE pokemon; --"
        try catalog.savePage(entries: [Self.entry(1, name)], details: [])
        #expect(try catalog.names() == [name])
    }
}
