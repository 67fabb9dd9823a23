import LocalDatabase
import SQLiteDatabase
import TestSupport
import Testing

@testable import PokedexStore

/// Every list of PokeAPI kinds is derived from the declarations: these fail when a declared
/// kind is missing from what the schema, the run log or a partial sync needs of it.
@Suite("PokeAPI resource declarations")
struct PokeAPIResourcesTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
    }

    @Test(
        "--resources takes the kinds named, those they are shown with, and a partial sync's Pokémon",
        arguments: [
            (["move"], false, ["move", "version-group", "version"]),
            (["machine", "item"], true, ["machine", "item", "version-group", "version", "pokemon"]),
            (["pokemon-encounters"], false, ["pokemon-encounters", "version-group", "version"]),
            (["pokemon", "type"], false, ["pokemon", "type"]),
            (["gizmo"], true, ["gizmo", "pokemon"]),
        ] as [([String], Bool, [String])])
    func taken(named: [String], partial: Bool, expected: [String]) {
        #expect(PokeAPIResources.taken(Set(named), partial: partial) == Set(expected))
    }

    @Test("every kind a declaration needs is declared")
    func needsDeclared() {
        for resource in PokeAPIResources.all {
            for need in resource.needs { #expect(PokeAPIResources.resource(need) != nil, "\(resource.kind.name)") }
        }
    }

    @Test("kinds are declared once each, the Pokémon first, and found by name")
    func declaredOnce() {
        let kinds = PokeAPIResources.all.map(\.kind)
        #expect(Set(kinds).count == kinds.count)
        #expect(kinds.first == .pokemon)
        #expect(PokeAPIResources.linked.map(\.kind) == Array(kinds.dropFirst()))
        for resource in PokeAPIResources.all {
            #expect(PokeAPIResources.resource(resource.kind)?.title == resource.title)
            #expect(SyncResource.pokeAPI(resource.kind).title == resource.title)
        }
        #expect(Set(PokeAPIResources.all.map(\.extraction)) == Set(PokeAPIResource.Extraction.allCases))
    }

    @Test("every declared kind is a row of sync_resource: runs of it can be recorded", arguments: PokeAPIResources.all)
    func runLogKnowsIt(_ resource: PokeAPIResource) throws {
        let names = try database.query("SELECT name FROM sync_resource") { $0.text(0) }
        #expect(names.contains(resource.kind.name))
        let log = SyncRunLog(database: database)
        let run = try log.begin(.pokeAPI(resource.kind), pid: 1)
        try log.finish(run, SyncRunEnd(outcome: .succeeded))
        #expect(try log.latest(.pokeAPI(resource.kind), outcomes: [.succeeded])?.id == run)
    }

    @Test("every declared kind's tables, links and counts fit the schema", arguments: PokeAPIResources.all)
    func schemaHasIt(_ resource: PokeAPIResource) throws {
        let columns = { (table: String) in
            try database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) }
        }
        #expect(try columns(resource.tables.table).contains("details_synced_at"))
        #expect(try columns(resource.tables.jsonTable).contains(resource.tables.key))
        let counts = try resource.statusCounts(in: database)
        #expect(counts.map(\.0) == [resource.countKey, "with_details"] + resource.extraCounts.map(\.key))
        for link in resource.links {
            #expect(PokeAPIResources.resource(link.from) != nil, "\(resource.kind) is linked from \(link.from)")
            #expect(try ResourceLinks(database: database).follow(link, from: [1]).isEmpty)
        }
        #expect(resource.reach != .followed || !resource.links.isEmpty, "a followed kind needs a link to follow")
    }

    @Test("kinds in the shared tables see their own rows only; the stored index adds kinds not declared")
    func sharedTables() throws {
        let move = try #require(PokeAPIResources.all.first { $0.kind.name == "move" })
        let item = try #require(PokeAPIResources.all.first { $0.kind.name == "item" })
        try PokeAPIIndex.save(
            [
                ("move", "http://x/api/v2/move/"), ("item", "http://x/api/v2/item/"),
                ("gizmo", "http://x/api/v2/gizmo/"),
            ],
            in: database)
        let gizmo = try #require(try PokeAPIIndex.resources(database).first { $0.kind.name == "gizmo" })
        for (resource, ids) in [(move, [1, 2]), (item, [1]), (gizmo, [-1])] {
            try resource.tables.beginPage(
                database, entries: ids.map { ResourceListEntry(id: $0, name: "n\($0)", url: "http://x/\($0)/") })
            for id in ids {
                try resource.tables.saveBody(
                    database, id: id, body: .compressing(Array("{\"id\":\(id)}".utf8)), etag: nil)
            }
            try database.execute("COMMIT")
        }
        #expect(try move.tables.listPage(database, offset: 0, limit: 10).entries.map(\.id) == [1, 2])
        #expect(try item.tables.listPage(database, offset: 0, limit: 10).count == 1)
        #expect(try item.tables.entry(database, key: "n2") == nil)
        #expect(try gizmo.tables.entry(database, key: "-1")?.name == "n-1")
        #expect(try gizmo.tables.body(database, id: -1) == Array("{\"id\":-1}".utf8))
        #expect(try move.statusCounts(in: database).map(\.1) == [2, 2])
        let names = try PokeAPIIndex.resources(database).map(\.kind.name)
        #expect(names.suffix(3) == ["gizmo", "item", "move"])
        #expect(names.filter { $0 == "pokemon" }.count == 1)
    }

    @Test("two entries of one name (PokeAPI lists two roseli-berry items) read back with that name each")
    func oneNameTwice() throws {
        let item = try #require(PokeAPIResources.all.first { $0.kind.name == "item" })
        let listed = [(723, "roseli-berry"), (2279, "roseli-berry"), (5, "odd~6")]
        try item.tables.beginPage(
            database, entries: listed.map { ResourceListEntry(id: $0.0, name: $0.1, url: "http://x/item/\($0.0)/") })
        try database.execute("COMMIT")
        let stored = try database.query("SELECT name FROM pokeapi_resource WHERE kind = 'item' ORDER BY id") {
            $0.text(0)
        }
        #expect(stored == ["odd~6", "roseli-berry~723", "roseli-berry"], "the table keeps the first apart")
        let page = try item.tables.listPage(database, offset: 0, limit: 10).entries
        #expect(page.map(\.name) == ["odd~6", "roseli-berry", "roseli-berry"])
        #expect(try item.tables.entry(database, key: "723")?.name == "roseli-berry")
        #expect(try item.tables.entry(database, key: "roseli-berry")?.id == 2279)
    }

    @Test("a kind with entries stored and no stored index (a partial sync's) is held; one with neither is not")
    func kindsWithoutIndex() throws {
        let move = try #require(PokeAPIResources.all.first { $0.kind.name == "move" })
        try move.tables.beginPage(database, entries: [ResourceListEntry(id: 85, name: "thunderbolt", url: "u")])
        try database.execute("COMMIT")
        #expect(try PokeAPIIndex.storedKinds(database) == ["move"])
        #expect(try PokeAPIIndex.resource(named: "move", in: database)?.kind.name == "move")
        #expect(try PokeAPIIndex.resource(named: "item", in: database) == nil)
        #expect(try PokeAPIIndex.resource(named: "pokemon", in: database)?.kind.name == "pokemon")
    }
}
