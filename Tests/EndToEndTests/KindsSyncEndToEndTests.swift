import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// A whole `pokedex sync` reads PokeAPI's root index and stores every kind it lists (a named
/// kind over several list pages, a nameless one, ids -1 and 0, a kind pokedex does not
/// declare) and the Pokémon's encounters; `pokedex get` then gives back each body exactly as
/// the server sent it.
@Suite("pokedex sync and get: every kind of the root index end to end")
struct KindsSyncEndToEndTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
    }

    func run(_ api: FakePokeAPI, _ arguments: String...) throws -> PokedexProcess.Result {
        try KindsFixture.run(database, api, arguments)
    }

    /// `pokedex get TEXT` printed exactly `expected`, and nothing on stderr.
    func expectGet(
        _ api: FakePokeAPI, _ text: String, equals expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try run(api, "get", text)
        #expect(
            result.status == 0 && result.stderr.isEmpty, "get \(text): \(result.stderr)", sourceLocation: sourceLocation
        )
        #expect(
            result.stdoutBytes == expected, "get \(text): \(result.stdout.prefix(200))", sourceLocation: sourceLocation)
    }

    @Test("a whole sync stores every kind; get gives the server's bytes by id, name, path and URL")
    func everyKindByEveryAddress() throws {
        let api = try KindsFixture.api()
        let sync = try run(api, "sync")
        try #require(sync.status == 0, "\(sync.stderr)")
        #expect(api.rootIndexRequestCount == 1)

        for kind in FakeKind.standardExtras {
            #expect(api.kindDetailRequestCount(kind.name) == kind.entries.count, "\(kind.name): every detail once")
            let pages = (kind.entries.count + kind.pageCap - 1) / kind.pageCap
            #expect(api.kindListRequestCount(kind.name) == pages, "\(kind.name): every list page once")
            for entry in kind.entries {
                let body = api.kindBody(kind.name, id: entry.id)
                var addresses = [
                    "\(kind.name)/\(entry.id)", "/api/v2/\(kind.name)/\(entry.id)/",
                    "\(api.baseURL)/\(kind.name)/\(entry.id)/", "\(api.baseURL)/\(kind.name)/\(entry.id)?x=1#y",
                ]
                if let name = entry.name { addresses += ["\(kind.name)/\(name)", "\(kind.name)/\(name.uppercased())"] }
                for address in addresses { try expectGet(api, address, equals: body) }
            }
        }
        #expect(FakeKind.standardExtras[0].entries.count > 2 * FakeKind.standardExtras[0].pageCap, "move: 3 pages")

        // Every Pokémon's encounters, the non-empty ones among them, by id, by name and by URL.
        #expect(api.encountersRequestCount == api.catalog.count)
        for pokemon in api.catalog {
            let body = api.encountersBody(ofPokemon: pokemon.id)
            try expectGet(api, "pokemon/\(pokemon.id)/encounters", equals: body)
            if FakeEncounter.standard[pokemon.id] != nil {
                #expect(body.count > 100, "\(pokemon.name)'s encounters are not empty")
                try expectGet(api, "pokemon/\(pokemon.name)/encounters", equals: body)
                try expectGet(api, "\(api.baseURL)/pokemon/\(pokemon.id)/encounters", equals: body)
            }
        }

        // -o FILE: the same bytes in the file, nothing on stdout.
        let file = directory.file("move-1.json")
        let written = try run(api, "get", "move/pound", "-o", file)
        #expect(written.status == 0 && written.stdout.isEmpty && written.stderr.isEmpty, "\(written.stderr)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == api.kindBody("move", id: 1))

        // Every kind the index listed is in status, with its counts.
        let resources = try KindsFixture.statusResources(database)
        for kind in FakeKind.standardExtras {
            let resource = try #require(resources[kind.name], "\(kind.name) is not in status --json")
            let counts = try #require(resource["counts"] as? [String: Int], "\(kind.name)'s counts")
            #expect(
                counts.values.sorted() == [kind.entries.count, kind.entries.count], "\(kind.name)'s counts: \(counts)")
            #expect(resource["last_success"] as? [String: Any] != nil, "\(kind.name) succeeded")
        }

        // The summary view counts every kind the index listed, those with tables of their own too.
        let snapshot = try #require(try DatabaseSnapshot(of: database))
        let unsummarized = try snapshot.rows(
            """
            SELECT k.name FROM pokeapi_kind AS k LEFT JOIN pokeapi_kind_summary AS s ON s.kind = k.name
            WHERE s.entries IS NULL OR s.entries = 0 OR s.bodies <> s.entries
            """)
        #expect(unsummarized.isEmpty, "kinds the summary does not count whole: \(unsummarized)")
        // Each counted once: as many as the server lists.
        let counted = try snapshot.rows(
            "SELECT kind, entries FROM pokeapi_kind_summary WHERE kind IN ('pokemon', 'move')")
        #expect(
            counted == [
                ["t:move", "i:\(FakeKind.standardExtras[0].entries.count)"], ["t:pokemon", "i:\(api.catalog.count)"],
            ])
    }

    @Test(
        "get: what is not stored is 66, what names no resource is 64, each with one Error: line",
        arguments: [
            ("nosuchkind/1", 66), ("move/11", 66), ("move/nosuchmove", 66), ("move/poundd", 66),
            ("move-ailment/-2", 66),
            ("machine/pound", 66), ("pokemon/99999/encounters", 66), ("gizmo/3", 66),
            ("move", 64), ("a/b/c", 64), ("", 64), ("move/85/encounters", 64), ("/api/v2/", 64),
        ])
    func getErrors(text: String, exitCode: Int32) throws {
        let api = try KindsFixture.api()
        let sync = try run(api, "sync")
        try #require(sync.status == 0, "\(sync.stderr)")
        let result = try run(api, "get", text)
        #expect(result.status == exitCode, "get '\(text)': \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.errors.count == 1, "get '\(text)': \(result.stderr)")
        #expect(result.messages.first?.hasPrefix("Error: ") == true, "the error comes first: \(result.stderr)")
        if text.hasPrefix("move/") && exitCode == 66 {
            // The move list is stored: the message says how much of it, not "run sync".
            #expect(result.stderr.contains("move entries are, as last synced)"), "\(result.stderr)")
        }
        // A slug near a stored one is offered, as `get` takes it.
        #expect(result.stderr.contains("did you mean move/pound?") == (text == "move/poundd"), "\(result.stderr)")
    }

    @Test("get of a kind pokedex declares, before a sync stored the index: not stored yet, run sync")
    func getBeforeTheIndex() throws {
        // A first sync stopped after the Pokémon, before it read the root index.
        let api = try KindsFixture.api()
        api.override = { request in
            request.path == "/api/v2/" ? .text(#"{"detail":"Server Error"}"#, status: 500) : nil
        }
        let sync = try run(api, "sync", "--retries", "0")
        try #require(sync.status != 0, "\(sync.stderr)")
        let declared = try run(api, "get", "move/1")
        #expect(declared.status == 66, "\(declared.stderr)")
        #expect(declared.errors == ["Error: no move/1 is stored: run `pokedex sync` to store it"], "\(declared.stderr)")
        let near = try run(api, "get", "moves/1")
        #expect(near.status == 66 && near.stderr.contains("(did you mean 'move'?)"), "\(near.stderr)")
    }

    @Test("get before any sync: 66, one Error: line")
    func getWithoutDatabase() throws {
        let api = try KindsFixture.api()
        let result = try run(api, "get", "move/1")
        #expect(result.status == 66 && result.errors.count == 1 && result.stdout.isEmpty, "\(result.stderr)")
    }

    @Test("a no-change refresh downloads no body: lists and the root index only, or 304s with --max-age 0")
    func noChangeRefresh() throws {
        let api = try KindsFixture.api()
        let first = try run(api, "sync")
        try #require(first.status == 0, "\(first.stderr)")

        // Default: every body is younger than --max-age, so only lists and the index are asked for.
        api.resetCounters()
        api.server.resetLog()
        let refresh = try run(api, "sync")
        #expect(refresh.status == 0, "\(refresh.stderr)")
        // `/api/v2/{kind}/{id}/` and `/api/v2/pokemon/{id}/encounters`; a list or the index is shorter.
        let details = api.server.requests.filter { $0.path.split(separator: "/").count >= 4 }
        #expect(details.isEmpty, "no detail asked for: \(details.prefix(5))")
        #expect(api.rootIndexRequestCount == 1)
        #expect(api.detailRequestCount == 0 && api.encountersRequestCount == 0)
        for kind in FakeKind.standardExtras {
            #expect(api.kindDetailRequestCount(kind.name) == 0, "\(kind.name): no body again")
        }

        // --max-age 0: every detail and every encounters body revalidated, each answered 304.
        api.resetCounters()
        api.server.resetLog()
        let revalidated = try run(api, "sync", "--max-age", "0")
        #expect(revalidated.status == 0, "\(revalidated.stderr)")
        #expect(api.detailRequestCount == 0 && api.notModifiedCount == api.catalog.count)
        #expect(api.encountersRequestCount == 0 && api.encountersNotModifiedCount == api.catalog.count)
        for kind in FakeKind.standardExtras {
            #expect(api.kindDetailRequestCount(kind.name) == 0, "\(kind.name): no body again")
            let asked = api.server.requests.filter { KindsFixture.detailID($0, kind: kind.name) != nil }
            #expect(asked.count == kind.entries.count, "\(kind.name): every detail revalidated once")
            #expect(
                asked.allSatisfy {
                    $0.header("If-None-Match")
                        == api.kindETag(kind.name, id: KindsFixture.detailID($0, kind: kind.name)!)
                },
                "\(kind.name): each with its ETag")
            #expect(api.kindNotModifiedCount(kind.name) >= kind.entries.count, "\(kind.name): answered 304")
        }
        for name in ["type", "ability", "pokemon-species", "evolution-chain"] {
            #expect(api.entryDetailRequestCount(name) == 0, "\(name): no body again")
        }
    }

    @Test("the root index answering 500: one Error: line naming it, the stored kinds still walked")
    func rootIndexFails() throws {
        let api = try KindsFixture.api()
        let first = try run(api, "sync")
        try #require(first.status == 0, "\(first.stderr)")

        api.override = { KindsFixture.isRootIndex($0) ? .text("upstream broke", status: 500) : nil }
        api.resetCounters()
        api.server.resetLog()
        let failed = try run(api, "sync", "--max-age", "0", "--retries", "0")
        #expect(failed.status != 0, "\(failed.stderr)")
        #expect(failed.errors.count == 1, "\(failed.stderr)")
        // Named by its URL, as every failed request is; read by the first sync, so not "never synced".
        let error = try #require(failed.errors.first)
        #expect(error.hasPrefix("Error: GET \(api.baseURL)/ answered HTTP 500"), "\(error)")
        #expect(error.hasSuffix("; local data unchanged, root index last synced \(try indexReadAt())"), "\(error)")
        for kind in FakeKind.standardExtras {
            let asked = api.server.requests.filter { KindsFixture.detailID($0, kind: kind.name) != nil }
            #expect(asked.count == kind.entries.count, "\(kind.name): stored last time, so walked")
        }
        #expect(api.encountersNotModifiedCount == api.catalog.count, "the encounters too")
        // Nothing stored was lost.
        for kind in FakeKind.standardExtras {
            #expect(try KindsFixture.storedIDs(database, kind: kind.name) == Set(kind.entries.map(\.id)))
        }
    }

    /// When the stored root index was read.
    func indexReadAt() throws -> String {
        try #require(try DatabaseSnapshot(of: database)?.rows("SELECT max(listed_at) FROM pokeapi_kind").first?.first)
            .replacing("t:", with: "", maxReplacements: 1)
    }

    @Test("a 404 root index: the Pokédex's five kinds and the encounters only, exit 0")
    func rootIndexAbsent() throws {
        let api = try KindsFixture.api()
        api.override = { KindsFixture.isRootIndex($0) ? .text("Not Found", status: 404) : nil }
        let sync = try run(api, "sync")
        #expect(sync.status == 0 && sync.errors.isEmpty, "\(sync.stderr)")
        for kind in FakeKind.standardExtras {
            let asked = api.server.requests.filter { $0.path.hasPrefix("/api/v2/\(kind.name)/") }
            #expect(asked.isEmpty, "\(kind.name) asked for: \(asked.prefix(3))")
        }
        #expect(try KindsFixture.statusResourceNames(database) == KindsFixture.ownResources)
        #expect(api.encountersRequestCount == api.catalog.count)
        try expectGet(api, "pokemon/25/encounters", equals: api.encountersBody(ofPokemon: 25))
        let missing = try run(api, "get", "move/1")
        #expect(missing.status == 66 && missing.errors.count == 1, "\(missing.stderr)")
    }

    @Test("a kind pokedex does not declare is synced, in status --json and the status text, and get works")
    func undeclaredKind() throws {
        let api = try KindsFixture.api()
        let sync = try run(api, "sync")
        try #require(sync.status == 0, "\(sync.stderr)")
        let names = try KindsFixture.statusResourceNames(database)
        #expect(names.contains("gizmo"), "\(names)")
        let gizmo = try #require(try KindsFixture.statusResources(database)["gizmo"])
        #expect((gizmo["counts"] as? [String: Int])?.values.sorted() == [2, 2], "\(gizmo)")
        try expectGet(api, "gizmo/1", equals: api.kindBody("gizmo", id: 1))
        try expectGet(api, "gizmo/widget", equals: api.kindBody("gizmo", id: 2))
        let text = try run(api, "status")
        #expect(text.status == 0, "\(text.stderr)")
        let indexedCount = FakeKind.standardExtras.count
        let entries = FakeKind.standardExtras.map(\.entries.count).reduce(0, +)
        #expect(
            text.stdout.contains(
                "other PokeAPI kinds: \(indexedCount) kinds, \(entries) entries, \(entries) with details"),
            "\(text.stdout)")
    }
}

/// `move`, `item` and `location` on what a whole sync typed from the bodies it stored.
@Suite("pokedex move, item and location after a whole sync")
struct TypedCommandsEndToEndTests {
    @Test("a stored move by slug, name and id; an unknown one is 66 with did you mean; --json keys")
    func move() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        let api = try FakePokeAPI(
            extraKinds: FakeKind.standardExtras + ResourcesOptionEndToEndTests.games, encounters: FakeEncounter.standard
        )
        let sync = try KindsFixture.run(database, api, ["sync"])
        try #require(sync.status == 0, "\(sync.stderr)")
        for text in ["karate-chop", "Karate Chop", "2"] {
            let shown = try KindsFixture.run(database, api, ["move", text])
            #expect(shown.status == 0 && shown.stdout.hasPrefix("Karate Chop (karate-chop)"), "\(shown.stderr)")
        }
        let unknown = try KindsFixture.run(database, api, ["move", "karate chip"])
        #expect(unknown.status == 66 && unknown.stderr.contains("did you mean Karate Chop"), "\(unknown.stderr)")
        let json = try KindsFixture.run(database, api, ["move", "pound", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "pound" && object["learned_by"] is [Any])
        // The fixture's Pokémon learn nothing in any game: `list` says so, as `move` does.
        for game in [[], ["--game", "red-blue"]] {
            let learners = try KindsFixture.run(database, api, ["list", "--learns", "pound"] + game)
            let reason = ": no learnsets of that game are stored"
            #expect(learners.status == 0, "\(learners.stderr)")
            #expect(learners.stderr.contains(reason) == !game.isEmpty, "\(learners.stderr)")
        }
        for (command, name) in [("item", "pound"), ("location", "pound")] {
            let missing = try KindsFixture.run(database, api, [command, name])
            #expect(missing.status == 66 && missing.errors.count == 1, "\(command): \(missing.stderr)")
        }
    }
}

/// `sync --resources KIND,…`: those kinds and nothing else.
@Suite("pokedex sync --resources")
struct ResourcesOptionEndToEndTests {
    /// The games moves are listed in: what `--resources move` takes along.
    static let games: [FakeKind] = [.named("version", ["red", "blue"]), .named("version-group", ["red-blue"])]

    @Test("only the kinds named and those they are shown with are asked for and stored; nothing else is")
    func narrowed() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        let api = try FakePokeAPI(extraKinds: FakeKind.standardExtras + Self.games)
        let sync = try KindsFixture.run(database, api, ["sync", "--resources", "move,machine"])
        try #require(sync.status == 0, "\(sync.stderr)")
        #expect(try KindsFixture.storedIDs(database, kind: "move").count == 10)
        #expect(try KindsFixture.storedIDs(database, kind: "machine").count == 3)
        #expect(try KindsFixture.storedIDs(database, kind: "version-group") == [1])
        #expect(try KindsFixture.storedIDs(database, kind: "version").count == 2)
        #expect(try KindsFixture.storedIDs(database, kind: "gizmo").isEmpty)
        #expect(api.detailRequestCount == 0 && api.encountersRequestCount == 0, "no Pokémon asked for")
        #expect(
            Self.kindsAsked(api) == ["move", "machine", "version", "version-group"],
            "asked for: \(Self.kindsAsked(api).sorted())")
        let shown = try KindsFixture.run(database, api, ["move", "pound"])
        #expect(shown.status == 0, "\(shown.stderr)")
    }

    @Test("--limit with --resources takes those Pokémon along: they choose what it takes of the kinds named")
    func narrowedAndPartial() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        let api = try FakePokeAPI(extraKinds: FakeKind.standardExtras, encounters: FakeEncounter.standard)
        let sync = try KindsFixture.run(database, api, ["sync", "--resources", "pokemon-encounters", "--limit", "2"])
        try #require(sync.status == 0, "\(sync.stderr)")
        #expect(api.detailRequestCount == 2 && api.encountersRequestCount == 2, "the first two Pokémon's")
        #expect(try KindsFixture.storedIDs(database, kind: "pokemon-encounters") == [1, 2])
        #expect(Self.kindsAsked(api) == ["pokemon"], "asked for: \(Self.kindsAsked(api).sorted())")
    }

    /// The endpoints `api` was asked for (`move`, `pokemon`), the root index aside.
    static func kindsAsked(_ api: FakePokeAPI) -> Set<String> {
        Set(
            api.server.requests.compactMap {
                $0.path.split(separator: "?")[0].split(separator: "/").dropFirst(2).first.map(String.init)
            })
    }

    @Test("an unknown kind is a usage error naming the kinds", arguments: ["moves", "move,,item", "pokemon,nope"])
    func unknown(text: String) throws {
        let directory = try TemporaryDirectory()
        let api = try KindsFixture.api()
        let result = try KindsFixture.run(directory.file("pokedex.sqlite"), api, ["sync", "--resources", text])
        #expect(result.status == 64 && result.errors.count == 1, "\(result.stderr)")
        #expect(api.server.requests.isEmpty)
    }
}
