import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// The real binary storing the images the Pokémon's bodies link, from an image host on a
/// loopback port of its own (another origin than the API), and writing them back out.
@Suite("pokedex sync --artwork and pokedex artwork end to end")
struct ArtworkEndToEndTests {
    let directory: TemporaryDirectory
    let database: String
    let host: FakeImageHost

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("pokedex.sqlite")
        host = try FakeImageHost()
    }

    static func spritePath(_ id: Int) -> String { "/sprites/pokemon/\(id).png" }

    /// The standard catalog, the first `count` Pokémon with a sprite on the image host.
    func api(sprites count: Int, catalog: [FakePokemon] = FakePokemon.standardCatalog()) throws -> FakePokeAPI {
        var catalog = catalog
        for index in 0..<count {
            let id = catalog[index].id
            catalog[index].sprite = host.url(Self.spritePath(id))
            host.set(Self.spritePath(id), FakeImageHost.Image(body: TestSprite.png(seed: id)))
        }
        return try FakePokeAPI(catalog: catalog)
    }

    func pokedex(_ arguments: [String], environment: [String: String] = [:]) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["--db", database] + arguments, environment: environment)
    }

    func sync(_ api: FakePokeAPI, _ arguments: String..., environment: [String: String] = [:]) throws
        -> PokedexProcess.Result
    {
        try pokedex(["sync"] + arguments, environment: ["POKEAPI_BASE_URL": api.baseURL].merging(environment) { $1 })
    }

    func storedIDs() throws -> Set<Int> {
        let rows = try #require(try DatabaseSnapshot(of: database)).rows(
            "SELECT pokemon_id FROM pokemon_image WHERE status = 'stored'")
        return Set(rows.compactMap { Int($0[0].dropFirst(2)) })
    }

    func artworkLine(_ result: PokedexProcess.Result) -> String {
        result.messages.first { $0.hasPrefix("synced ") && $0.contains(" images: ") }
            ?? "no artwork summary in \(result.stderr)"
    }

    @Test(
        "sync stores each sprite; artwork writes the server's bytes to stdout or -o; 66 names the flag that stores one")
    func storesAndExports() throws {
        var catalog = FakePokemon.standardCatalog()
        catalog[0].shinySprite = host.url("/shiny/1.png")
        let api = try api(sprites: 10, catalog: catalog)
        let result = try sync(api)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(artworkLine(result).contains("synced 10 images: 10 new or changed"), "\(result.stderr)")
        #expect(host.server.requests.count == 10)
        #expect(try storedIDs() == Set(1...10))

        let exported = try pokedex(["artwork", "bulbasaur"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdoutBytes == TestSprite.png(seed: 1))
        let file = directory.file("ivysaur.png")
        let written = try pokedex(["artwork", "2", "-o", file])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == TestSprite.png(seed: 2))

        let shiny = try pokedex(["artwork", "bulbasaur", "--shiny"])
        #expect(shiny.status == 66 && shiny.errors.count == 1 && shiny.errors[0].contains("--artwork all"))
        let unlinked = try pokedex(["artwork", "pikachu"])
        // No sync would store it: its details link none.
        #expect(
            unlinked.status == 66 && unlinked.errors.count == 1 && unlinked.errors[0].contains("links none")
                && !unlinked.errors[0].contains("pokedex sync"), "\(unlinked.stderr)")
        let unknown = try pokedex(["artwork", "missingno"])
        #expect(unknown.status == 66)

        let json = try pokedex(["show", "bulbasaur", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let images = try #require(object["images"] as? [String: [String: Any]])
        #expect(images["sprite"]?["stored"] as? Bool == true)
        #expect(images["sprite"]?["byte_size"] as? Int == TestSprite.png(seed: 1).count)
        #expect(images["sprite"]?["url"] as? String == host.url(Self.spritePath(1)))
        #expect(
            images["shiny"]?["stored"] as? Bool == false
                && images["shiny"]?["url"] as? String == host.url("/shiny/1.png"))
    }

    @Test("a refresh downloads no image (304s), a changed sprite is downloaded again, a fresh one is not asked for")
    func conditionalRefresh() throws {
        let api = try api(sprites: 10)
        #expect(try sync(api).status == 0)
        host.server.resetLog()
        let refresh = try sync(api, "--max-age", "0")
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(host.server.requests.count == 10)
        #expect(host.server.requests.allSatisfy { $0.header("If-None-Match") != nil }, "every one conditional")
        #expect(artworkLine(refresh).contains("none changed, 10 confirmed unchanged"), "\(refresh.stderr)")

        let changed = TestSprite.png(seed: 999)
        host.set(Self.spritePath(3), FakeImageHost.Image(body: changed))
        host.server.resetLog()
        let again = try sync(api, "--max-age", "0")
        #expect(artworkLine(again).contains("1 new or changed, 9 confirmed unchanged"), "\(again.stderr)")
        #expect(host.server.requests.count == 10)
        #expect(try pokedex(["artwork", "3"]).stdoutBytes == changed)

        host.server.resetLog()
        let soon = try sync(api)
        #expect(soon.status == 0 && host.server.requests.isEmpty, "within --max-age nothing is asked")
    }

    @Test("a 404 is remembered within --max-age; a non-PNG, a truncated PNG and an HTML 200 are refused; exit 0")
    func perImageFailures() throws {
        let api = try api(sprites: 10)
        host.set(Self.spritePath(6), nil)
        host.set(Self.spritePath(7), FakeImageHost.Image(body: Array("GIF89a not a png".utf8)))
        host.set(
            Self.spritePath(8),
            FakeImageHost.Image(body: Array("<html>Rate limited</html>".utf8), contentType: "text/html"))
        host.set(Self.spritePath(9), FakeImageHost.Image(body: Array(TestSprite.png(seed: 9).prefix(60))))
        let result = try sync(api)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errors.isEmpty, "\(result.stderr)")
        let summary = artworkLine(result)
        #expect(summary.contains("6 new or changed") && summary.contains("1 missing") && summary.contains("3 refused"))
        #expect(try storedIDs() == [1, 2, 3, 4, 5, 10])
        // status counts what the summary calls changed: a 404 is no new image.
        let statusJSON = try JSONSerialization.jsonObject(with: Data(try pokedex(["status", "--json"]).stdoutBytes))
        let runs = (statusJSON as? [String: Any])?["resources"] as? [[String: Any]] ?? []
        let artwork = runs.first { $0["resource"] as? String == "artwork" }?["last_success"] as? [String: Any]
        #expect(artwork?["items_changed"] as? Int == 6, "\(runs)")

        host.server.resetLog()
        #expect(try sync(api).status == 0)
        #expect(host.unconditionalRequests(Self.spritePath(6)) == 0, "the 404 is remembered")
        #expect(
            Set(host.server.requests.map(\.path)) == Set([7, 8, 9].map(Self.spritePath)), "refused ones are asked again"
        )
        let missing = try pokedex(["artwork", "6"])
        #expect(missing.status == 66 && missing.errors.first?.contains("404") == true, "\(missing.stderr)")
        let status = try pokedex(["status"], environment: ["COLUMNS": "200"])
        #expect(status.stdout.contains("3 refused"), "\(status.stdout)")

        host.server.resetLog()
        #expect(try sync(api, "--max-age", "0").status == 0)
        #expect(host.unconditionalRequests(Self.spritePath(6)) == 1, "asked again once --max-age has passed")
    }

    @Test("the image host unreachable: the data sync exits 0, one line says so, status shows it, the next sync fetches")
    func hostDown() throws {
        let api = try api(sprites: 10)
        host.override = { _ in .faulted(.reset) }
        let result = try sync(api, "--retries", "0")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.messages.filter { $0.contains("unreachable") }
        #expect(lines.count == 1 && lines[0].contains("10 images skipped"), "\(result.stderr)")
        #expect(result.errors.isEmpty)
        #expect(host.server.requests.count < 10, "after the first failure the rest are skipped")
        let rows = try #require(try DatabaseSnapshot(of: database)).rows(
            "SELECT count(*) FROM pokemon WHERE details_synced_at IS NOT NULL")
        #expect(rows == [["i:55"]])
        let status = try pokedex(["status"], environment: ["COLUMNS": "200"])
        #expect(status.stdout.contains("unreachable (connection lost): 10 skipped"), "\(status.stdout)")

        host.override = nil
        let next = try sync(api)
        #expect(next.status == 0 && artworkLine(next).contains("10 new or changed"), "\(next.stderr)")
    }

    @Test("a partial sync stores the images of its Pokémon only")
    func partial() throws {
        let api = try api(sprites: 10)
        let result = try sync(api, "--offset", "2", "--limit", "3")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(host.server.requests.map(\.path)) == Set([3, 4, 5].map(Self.spritePath)))
        #expect(try storedIDs() == [3, 4, 5])
    }

    @Test("an image host failing image after image: asked no more after ten in a row, one line says so, exit 0")
    func hostFailing() throws {
        let api = try api(sprites: 40)
        host.override = { _ in ScriptedResponse(status: 503, body: Array("<html>busy</html>".utf8)) }
        let result = try sync(api, "--retries", "0", "--concurrency", "4")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.messages.filter { $0.contains("failing (10 images in a row, the last HTTP 503)") }
        #expect(lines.count == 1 && lines[0].contains("images skipped"), "\(result.stderr)")
        // The tenth failure in a row stops it; the requests in flight then (4 at most) still end.
        #expect(host.server.requests.count < 10 + 4, "\(host.server.requests.count) image requests")
        let status = try pokedex(["status"], environment: ["COLUMNS": "200"])
        #expect(status.stdout.contains("failing (10 images in a row, the last HTTP 503)"), "\(status.stdout)")
    }

    @Test("no token reaches an image host of another origin; PokeAPI's gets its own")
    func noCredentials() throws {
        let api = try api(sprites: 10)
        let token = "ghp_imagehostmustnotseethis0123456789"
        let result = try sync(
            api, environment: ["GITHUB_TOKEN": token, "GH_TOKEN": token + "2", "POKEAPI_TOKEN": token + "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!api.server.requests.isEmpty)
        for request in api.server.requests {
            #expect(request.header("Authorization") == "Bearer \(token)3", "\(request.path)")
        }
        #expect(host.server.requests.count == 10)
        for request in host.server.requests {
            #expect(request.header("Authorization") == nil && request.header("Cookie") == nil)
            #expect(!request.headers.values.contains { $0.contains(token) }, "\(request.headers)")
        }
    }

    @Test("kill -9 during the image phase: the next sync downloads only the images not committed")
    func killAndResume() throws {
        let api = try api(sprites: 150, catalog: FakePokemon.threePageCatalog())
        let monitor = KillMonitor(
            classify: { $0.header("If-None-Match") == nil ? .newDetail : .conditional }, stall: [.newDetail: 0.002])
        host.override = { monitor.observe($0) }
        let run = try monitor.runUntilKilled(
            ["--db", database, "sync", "--concurrency", "2"], environment: ["POKEAPI_BASE_URL": api.baseURL],
            trigger: KillMonitor.Trigger(.newDetail, 120, delay: 0.2), stderrPath: directory.file("killed.stderr"))
        #expect(run.killed, "\(run.stderr)")
        let committed = try storedIDs()
        #expect(committed.count >= ArtworkBatch.size && committed.count < 150, "\(committed.count) committed")

        monitor.disarm()
        host.server.resetLog()
        let resumed = try sync(api)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let asked = Set(host.server.requests.map(\.path))
        #expect(asked.isDisjoint(with: committed.map(Self.spritePath)), "no committed image is asked for again")
        #expect(asked.count == 150 - committed.count)
        #expect(try storedIDs().count == 150)
    }
}

/// The artwork phase commits images in batches of this many (`ArtworkSync.batchSize`).
enum ArtworkBatch {
    static let size = 50
}
