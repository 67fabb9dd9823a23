import Foundation
import LoopbackHTTP
import SQLiteDatabase
import TestSupport
import Testing

/// The real `pokedex` binary against a PokeAPI look-alike on loopback.
@Suite("pokedex sync, show and list end to end")
struct CatalogEndToEndTests {
    let directory: TemporaryDirectory
    let api: FakePokeAPI
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        api = try FakePokeAPI()
        database = directory.file("pokedex.sqlite")
    }

    func pokedex(_ arguments: String...) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: ["POKEAPI_BASE_URL": api.baseURL])
    }

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    func rowCounts() throws -> String {
        try pokedex("list", "--limit", "1000", "--json").stdout
    }

    @Test("sync --offset 24 --limit 21, then show and list answer offline with JSON")
    func syncThenQuery() throws {
        let sync = try pokedex("sync", "--offset", "24", "--limit", "21")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.isEmpty, "sync prints nothing on stdout")
        #expect(sync.stderr.contains("21 Pokémon") && sync.stderr.contains("requests"))
        api.stop()  // everything below must work without the network

        let show = try pokedex("show", "pikachu", "--json")
        #expect(show.status == 0, "\(show.stderr)")
        let pikachu = try #require(try json(show.stdout) as? [String: Any])
        #expect(pikachu["id"] as? Int == 25)
        #expect(pikachu["name"] as? String == "pikachu")
        #expect(pikachu["types"] as? [String] == ["electric"])
        #expect(
            pikachu["artwork_url"] as? String
                == "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/25.png"
        )
        #expect(pikachu["artwork_derived"] as? Bool == false)
        #expect(pikachu["height"] as? Int == 4 && pikachu["weight"] as? Int == 60)
        let abilities = try #require(pikachu["abilities"] as? [[String: Any]])
        #expect(abilities.map { $0["name"] as? String } == ["static", "lightning-rod"])
        #expect(abilities.map { $0["hidden"] as? Bool } == [false, true])
        let stats = try #require(pikachu["stats"] as? [[String: Any]])
        #expect(stats.map { $0["base_stat"] as? Int } == [35, 55, 40, 50, 50, 90])

        // By id, and as the entry's heading writes it.
        for id in ["25", "#25", "#0025"] { #expect(try pokedex("show", id, "--json").stdout == show.stdout, "\(id)") }

        let list = try pokedex("list", "--json")
        let entries = try #require(try json(list.stdout) as? [[String: Any]])
        #expect(entries.map { $0["id"] as? Int } == Array(25...44).map(Optional.init))
        #expect(
            Set(entries[0].keys) == [
                "id", "name", "url", "types", "artwork_url", "artwork_derived", "pokedex_number", "form",
                "display_name", "generation", "type_names",
            ])
        let page = try #require(
            try json(try pokedex("list", "--offset", "20", "--limit", "21", "--json").stdout) as? [Any])
        #expect(page.count == 1, "21 stored: offset 20 leaves one")
    }

    @Test("a second sync changes no row count and downloads no detail again; --max-age 0 revalidates each")
    func secondSync() throws {
        #expect(try pokedex("sync").status == 0)
        let before = try rowCounts()
        api.resetCounters()
        let again = try pokedex("sync")
        #expect(again.status == 0)
        #expect(try rowCounts() == before)
        #expect(api.detailRequestCount == 0 && api.notModifiedCount == 0, "details younger than --max-age are reused")
        #expect(again.stderr.contains("none changed, \(api.catalog.count) recently checked"), "\(again.stderr)")

        api.resetCounters()
        let revalidated = try pokedex("sync", "--max-age", "0")
        #expect(revalidated.status == 0)
        #expect(try rowCounts() == before)
        #expect(api.detailRequestCount == 0 && api.notModifiedCount == api.catalog.count, "each asked, none sent again")
        #expect(
            revalidated.stderr.contains("none changed, \(api.catalog.count) confirmed unchanged"),
            "\(revalidated.stderr)"
        )
    }

    @Test(
        "a server error mid-run exits non-zero with one line and keeps the committed pages, counted in words",
        arguments: [(230, 2, "2 pages"), (130, 1, "1 page")])
    func serverErrorMidRun(failing id: Int, pages: Int, words: String) throws {
        // 250 entries: one list page, committed in three pages of 100. From `id` on the server
        // fails every detail: the first failure is left out, the next stops the page it is on.
        let large = try FakePokeAPI(catalog: FakePokemon.threePageCatalog())
        large.override = { request in
            (CatalogFixture.detailID(request) ?? 0) >= id ? .text("Service Unavailable", status: 503) : nil
        }
        let environment = ["POKEAPI_BASE_URL": large.baseURL]
        let broken = try PokedexProcess.run(["--db", database, "sync", "--retries", "1"], environment: environment)
        #expect(broken.status == 69)
        let errors = broken.errors
        // Which failure comes second depends on the order the downloads end in.
        let named = errors.first.flatMap { line in (id...250).first { line.contains("/pokemon/\($0)/") } }
        #expect(
            errors.count == 1 && named != nil && errors[0].contains("503")
                && errors[0].contains("Service Unavailable")
                && errors[0].contains("local data kept, with the \(words) this run committed"), "\(broken.stderr)")
        // The kinds after it synced: the last line says the sync failed all the same.
        #expect(
            broken.messages.last == broken.closingError
                && broken.closingError?.contains("failure, reported above: Pokémon catalog (HTTP 503)") == true,
            "\(broken.stderr)")
        let stored = try #require(try json(try pokedex("list", "--limit", "1000", "--json").stdout) as? [Any])
        #expect(stored.count == pages * 100, "the pages before the failure are committed; the failing page adds none")

        large.override = nil
        let resumed = try PokedexProcess.run(["--db", database, "sync"], environment: environment)
        #expect(resumed.status == 0)
        #expect(
            resumed.stderr.contains("\(250 - pages * 100) new or changed, \(pages * 100) recently checked"),
            "\(resumed.stderr)")
        // Past 100 Pokémon, the planner's statistics are gathered, and again once they double.
        let reader = try Database(path: database, mode: .readOnly)
        defer { reader.close() }
        let estimated = try reader.queryFirst(
            "SELECT max(CAST(stat AS INTEGER)) FROM sqlite_stat1 WHERE tbl = 'pokemon'"
        ) {
            $0.int(0)
        }
        #expect((200...250).contains(estimated ?? 0), "\(String(describing: estimated))")
    }

    @Test(
        "names are found however people type them",
        arguments: [
            ("Mr. Mime", "mr-mime"), ("mr mime", "mr-mime"), ("Nidoran♀", "nidoran-f"), ("NIDORAN♂", "nidoran-m"),
            ("Farfetch’d", "farfetchd"), ("Flabébé", "flabebe"), ("Type: Null", "type-null"), ("Mime Jr.", "mime-jr"),
            ("Porygon-Z", "porygon-z"), ("PIKACHU", "pikachu"),
        ])
    func looksUpTypedNames(typed: String, slug: String) throws {
        #expect(try pokedex("sync", "--limit", "50").status == 0)
        let show = try pokedex("show", typed, "--json")
        #expect(show.status == 0, "\(show.stderr)")
        #expect((try json(show.stdout) as? [String: Any])?["name"] as? String == slug)
    }

    @Test("an unknown name exits non-zero with suggestions from the local data")
    func unknownName() throws {
        #expect(try pokedex("sync", "--limit", "30").status == 0)
        let result = try pokedex("show", "pikachuu")
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("did you mean Pikachu"), "\(result.stderr)")
    }

    @Test("queries on an empty database say to run sync first")
    func emptyDatabase() throws {
        for arguments in [["show", "pikachu"], ["list"]] {
            let result = try PokedexProcess.run(["--db", database] + arguments)
            #expect(result.status == 66)
            #expect(result.stderr.contains("run `pokedex sync` first"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: database), "a query never creates the database")
        }
    }

    @Test("a Pokémon without official artwork gets a derived link, marked as such")
    func derivedArtwork() throws {
        #expect(try pokedex("sync").status == 0)
        let result = try pokedex("show", "10004", "--json")
        let shown = try #require(try json(result.stdout) as? [String: Any])
        #expect(shown["artwork_derived"] as? Bool == true)
        #expect((shown["artwork_url"] as? String)?.hasSuffix("/official-artwork/10004.png") == true)
        #expect(try pokedex("show", "10004").stdout.contains("(derived)"))
    }

    @Test("list --type filters and the text table is readable")
    func listByType() throws {
        #expect(try pokedex("sync").status == 0)
        let electric = try #require(
            try json(try pokedex("list", "--type", "electric", "--json").stdout) as? [[String: Any]])
        #expect(!electric.isEmpty && electric.allSatisfy { ($0["types"] as? [String])?.contains("electric") == true })
        let table = try pokedex("list", "--offset", "24", "--limit", "2")
        #expect(table.stdout.hasPrefix("ID  NAME"))
        // Display names, now that the sync brings species and types home.
        #expect(table.stdout.contains("25  Pikachu  Electric"), "\(table.stdout)")
        let unknownType = try pokedex("list", "--type", "plasma")
        #expect(
            unknownType.status == 66 && unknownType.stderr.contains("no type named 'plasma'"), "\(unknownType.stderr)")
    }

    @Test("the two binaries copied to another directory carry their migrations; pokedex alone says what is missing")
    func copiedBinaries() throws {
        let elsewhere = directory.file("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let built = URL(fileURLWithPath: PokedexProcess.binaryPath).deletingLastPathComponent()
        try FileManager.default.copyItem(atPath: PokedexProcess.binaryPath, toPath: elsewhere + "/pokedex")
        let copy = directory.file("copy.sqlite")
        let alone = try PokedexProcess.run(
            ["--db", copy, "sync", "--limit", "3"],
            environment: ["POKEAPI_BASE_URL": api.baseURL], executable: elsewhere + "/pokedex")
        #expect(
            alone.status == 72 && alone.errors.first?.contains("pokedex-sync must be installed beside pokedex") == true,
            "\(alone.stderr)")

        try FileManager.default.copyItem(
            atPath: built.appendingPathComponent("pokedex-sync").path,
            toPath: elsewhere + "/pokedex-sync")
        // Through a symbolic link elsewhere, as in ~/bin: the sibling is found beside the target.
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("pokedex-link"),
            withDestinationPath: elsewhere + "/pokedex")
        let synced = try PokedexProcess.run(
            ["--db", copy, "sync", "--limit", "3"],
            environment: ["POKEAPI_BASE_URL": api.baseURL],
            executable: directory.file("pokedex-link"))
        #expect(synced.status == 0, "\(synced.stderr)")
        let shown = try PokedexProcess.run(["--db", copy, "show", "1", "--json"], executable: elsewhere + "/pokedex")
        #expect(shown.status == 0 && shown.stdout.contains("\"id\": 1"), "\(shown.stderr)")
    }
}
