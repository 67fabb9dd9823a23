import BodyCoding
import CSQLite
import Foundation
import TestSupport
import Testing

@testable import IssueStore
@testable import LocalDatabase
@testable import PokedexStore
@testable import SQLiteDatabase

/// `Benchmarks/run` times pokedex's reads against the sqlite3 CLI running the SQL files in
/// `Benchmarks/sql/`. Those files must read what the store reads, or the comparison is
/// meaningless: each file's text is run here as it is, statement by statement with its named
/// parameters bound (the benchmark writes the same values in as literals), on a database the
/// store's own API filled, and its rows must be those the store's query API returns.
@Suite("Benchmark SQL reads what the store reads")
struct BenchmarkSQLTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("bench.sqlite"))
        try Self.fillCatalog(PokemonCatalog(database: database))
        try Self.fillIssues(IssueArchive(database: database))
    }

    // MARK: The Pokémon reads

    @Test(
        "show.sql: the rows of PokedexEntryQueries.entry(id:) in English",
        arguments: ["pikachu", "pichu", "eevee", "charmander", "nidoran-f", "missingno"])
    func show(name: String) throws {
        let dex = try LocalStore.openForWriting(path: directory.file("dex.sqlite"))
        try PokedexEntryFixture.install(into: dex)
        let statements = try Self.run("show.sql", on: dex, ["name": .text(name)])
        let queries = PokedexEntryQueries(database: dex)
        let id = try dex.queryFirst("SELECT id FROM pokemon WHERE name = ?", [.text(name)]) { $0.int(0) }
        guard let entry = try id.flatMap({ try queries.entry(id: $0) }) else {
            #expect(statements.allSatisfy { $0.isEmpty })
            return
        }
        let profile = entry.profile
        let species = entry.species
        var expected: [[[Cell]]] = [
            [
                [
                    .int(profile.summary.id), .text(profile.summary.name), .text(profile.summary.url),
                    profile.summary.artwork.derived ? .null : .text(profile.summary.artwork.url),
                    .int(profile.height), .int(profile.weight), .int(profile.baseExperience), .int(profile.order),
                    .text(profile.speciesName), .bool(profile.hasDetails),
                ]
            ],
            entry.types.map { [.text($0.name), .text($0.displayName)] },
            entry.abilities.map {
                [.text($0.name), .text($0.displayName), .bool($0.isHidden), .int($0.slot), .text($0.shortEffect)]
            },
            profile.stats.map { [.text($0.name), .int($0.baseStat), .int($0.effort)] },
            species.map { species in
                [
                    [
                        .int(species.id), .text(species.name), .int(species.generation), .text(species.generationName),
                        .bool(species.isLegendary), .bool(species.isMythical), .bool(species.isBaby),
                        .int(species.captureRate), .int(species.genderRate), .text(entry.displayName),
                        .text(entry.genus),
                        species.eggGroups.isEmpty ? .null : .text(species.eggGroups.joined(separator: ",")),
                    ]
                ]
            } ?? [],
            entry.flavorText.map { [[.text($0.text), .text($0.version)]] } ?? [],
        ]
        // The matchups: show groups them by multiplier, the view gives one row per attacker.
        let defense = statements[6].map { row -> (Cell, Cell) in (row[1], row[0]) }
        let shown = entry.defense.flatMap { multiplier, types in
            types.map { (Cell.real(multiplier.value), Cell.text($0.name)) }
        }
        #expect(Set(defense.map { "\($0.0) \($0.1)" }) == Set(shown.map { "\($0.0) \($0.1)" }))
        expected.append(statements[6])
        expected.append(entry.otherVarieties.map { [.text($0)] })
        let members = entry.evolution?.members ?? []
        expected.append(
            members.map {
                [
                    .int($0.position), .text($0.speciesName), .text($0.displayName), .text($0.evolvesFrom),
                    .bool($0.isBaby), .text($0.defaultForm), .text(entry.evolution?.babyTriggerItem),
                ]
            })
        expected.append(
            members.flatMap { member in
                member.steps.map { step -> [Cell] in
                    [
                        .int(member.position), .text(step.trigger), .int(step.minLevel), .text(step.item),
                        .text(step.heldItem), .text(step.timeOfDay), .text(step.knownMove), .int(step.minHappiness),
                        .text(step.location), .int(step.gender), .text(step.tradeSpecies), .text(step.usedMove),
                        .int(step.minMoveCount), .int(step.minSteps), .int(step.minDamageTaken),
                        .int(step.nearSpecialRock.map { $0 ? 1 : 0 }), .int(step.needsMultiplayer.map { $0 ? 1 : 0 }),
                        .text(step.region),
                        .text(step.baseForm), .text(step.evolvedForm), .text(step.versionGroup),
                    ]
                }
            })
        #expect(statements == expected)
        #expect(!defense.isEmpty && !members.isEmpty, "the fixture gives \(name) matchups and a chain")
    }

    @Test("list.sql: PokemonCatalog.list(offset: 0, limit:), artwork as PokemonResource.artwork", arguments: [3, 50])
    func list(limit: Int) throws {
        let statements = try Self.run("list.sql", on: database, ["limit": .int(limit)])
        let expected = try PokemonCatalog(database: database).list(offset: 0, limit: limit).map { summary -> [Cell] in
            [
                .int(summary.id), .text(summary.name), .text(summary.url), Self.jsonArray(summary.types),
                .text(summary.artwork.url), .bool(summary.artwork.derived),
            ]
        }
        #expect(!expected.isEmpty)
        #expect(statements == [expected])
    }

    // MARK: The issue reads

    @Test(
        "issues.sql: IssueArchive.issues with the default filter (open issues, newest first)",
        arguments: [("o/r", 3), ("o/r", 30), ("O/R", 30), ("o/other", 30)])
    func issues(repository: String, limit: Int) throws {
        let statements = try Self.run("issues.sql", on: database, ["repo": .text(repository), "limit": .int(limit)])
        var filter = IssueFilter()
        filter.limit = limit
        #expect(statements == [try listed(repository, filter)])
    }

    @Test(
        "issues_search.sql: IssueArchive.issues with the default filter and a search",
        arguments: [("o/r", "pagination", 30), ("o/r", "pagination", 2), ("o/r", "crash", 30)])
    func search(repository: String, words: String, limit: Int) throws {
        let query = try #require(TextSearch(words)?.words)
        let statements = try Self.run(
            "issues_search.sql", on: database,
            ["repo": .text(repository), "fts": .text(query), "limit": .int(limit)])
        var filter = IssueFilter()
        filter.search = words
        filter.limit = limit
        let rows = try listed(repository, filter)
        #expect(statements == [rows])
        #expect(rows.contains { $0.last != Self.jsonArray([]) }, "the fixture has matches to place")
    }

    /// The rows issues.sql and issues_search.sql select, from what IssueArchive.issues returns;
    /// with a search, where each matched.
    func listed(_ repository: String, _ filter: IssueFilter) throws -> [[Cell]] {
        let issues = try IssueArchive(database: database).issues(repository: repository, filter: filter)
        #expect(!issues.isEmpty, "the fixture has issues for every listing")
        return issues.map { issue in
            [
                .text(issue.repository), .int(issue.number), .text(issue.title), .text(issue.state),
                .text(issue.stateReason), .bool(issue.isPullRequest), Self.jsonArray(issue.labels), .text(issue.author),
                .int(issue.comments), .text(issue.createdAt), .text(issue.updatedAt), .text(issue.closedAt),
                .text(issue.htmlURL),
            ] + (filter.search == nil ? [] : [Self.jsonArray(issue.matched.names)])
        }
    }

    @Test(
        "thread.sql: IssueArchive.thread(repository:number:)",
        arguments: [("o/r", 1), ("O/R", 1), ("o/r", 7), ("o/r", 2), ("o/other", 1), ("o/missing", 1)])
    func thread(repository: String, number: Int) throws {
        let statements = try Self.run("thread.sql", on: database, ["repo": .text(repository), "number": .int(number)])
        let expected = try IssueArchive(database: database).thread(repository: repository, number: number).map {
            [
                Cell.int($0.id), .text($0.author), .text($0.authorAssociation), .text($0.body), .text($0.createdAt),
                .text($0.updatedAt), .text($0.htmlURL),
            ]
        }
        #expect(statements == [expected])
    }

    @Test(
        "issue.sql: IssueArchive.issue(repository:number:)",
        arguments: [("o/r", 1), ("o/r", 2), ("o/r", 3), ("O/R", 4), ("o/r", 6), ("o/r", 99), ("o/other", 1)])
    func issue(repository: String, number: Int) throws {
        let statements = try Self.run("issue.sql", on: database, ["repo": .text(repository), "number": .int(number)])
        let expected =
            try IssueArchive(database: database).issue(repository: repository, number: number).map { issue in
                [
                    [
                        Cell.text(issue.repository), .int(issue.number), .text(issue.title), .text(issue.body),
                        .text(issue.state), .text(issue.stateReason), .bool(issue.locked), .bool(issue.isPullRequest),
                        issue.draft.map(Cell.bool) ?? .null, .text(issue.mergedAt), .text(issue.author),
                        .text(issue.milestone),
                        .int(issue.comments), .text(issue.createdAt), .text(issue.updatedAt), .text(issue.closedAt),
                        .text(issue.htmlURL), Self.jsonArray(issue.labels), Self.jsonArray(issue.assignees),
                    ]
                ]
            } ?? []
        #expect(statements == [expected])
    }

    @Test("a parameter the file does not take is an error, not a silently unused value")
    func unusedParameter() throws {
        #expect(throws: SQLFileError.self) {
            try Self.run("issues.sql", on: database, ["repo": .text("o/r"), "limit": .int(3), "fts": .text("x")])
        }
    }

    // MARK: Running a file

    /// A column value as SQLite returns it.
    enum Cell: Equatable, CustomStringConvertible {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)

        static func int(_ value: Int?) -> Cell { value.map { .integer(Int64($0)) } ?? .null }
        static func text(_ value: String?) -> Cell { value.map { Cell.text($0) } ?? .null }
        static func bool(_ value: Bool) -> Cell { .integer(value ? 1 : 0) }

        var description: String {
            switch self {
            case .null: "NULL"
            case .integer(let value): String(value)
            case .real(let value): String(value)
            case .text(let value): "'\(value)'"
            }
        }
    }

    struct SQLFileError: Error, CustomStringConvertible {
        let description: String
    }

    /// What json_group_array makes of these names (the fixture's need no escapes).
    static func jsonArray(_ names: [String]) -> Cell {
        .text("[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]")
    }

    static let sqlDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/sql")

    /// Every statement of the file, in order, with `:name` parameters bound by name: the rows of each.
    /// A parameter of the file missing from `parameters`, or one given that no statement takes, throws.
    static func run(_ file: String, on database: Database, _ parameters: [String: SQLValue]) throws -> [[[Cell]]] {
        let text = try String(contentsOf: sqlDirectory.appendingPathComponent(file), encoding: .utf8)
        var used: Set<String> = []
        let results = try statements(of: text, file: file, database: database).map { sql in
            let statement = try database.prepare(sql)
            let count = sqlite3_bind_parameter_count(statement.handle)
            let names =
                count == 0
                ? []
                : (1...count).map { index in
                    sqlite3_bind_parameter_name(statement.handle, index).map { String(String(cString: $0).dropFirst()) }
                        ?? "?"
                }
            try statement.bind(
                names.map { name in
                    guard let value = parameters[name] else {
                        throw SQLFileError(description: "\(file): no value for parameter :\(name)")
                    }
                    used.insert(name)
                    return value
                })
            var rows: [[Cell]] = []
            while try statement.step() { rows.append(cells(of: statement.handle)) }
            return rows
        }
        let unused = Set(parameters.keys).subtracting(used)
        guard unused.isEmpty else { throw SQLFileError(description: "\(file) takes no parameter \(unused.sorted())") }
        return results
    }

    /// The file's statements, split where SQLite ends each (its comments and spacing kept).
    private static func statements(of text: String, file: String, database: Database) throws -> [String] {
        try text.withCString { start in
            var statements: [String] = []
            var next: UnsafePointer<CChar>? = start
            while let sql = next, sql.pointee != 0 {
                var handle: OpaquePointer?
                guard sqlite3_prepare_v2(database.handle, sql, -1, &handle, &next) == SQLITE_OK, let next else {
                    throw SQLFileError(description: "\(file): \(database.lastErrorMessage)")
                }
                guard let handle else { continue }  // only comments or space left
                sqlite3_finalize(handle)
                statements.append(
                    String(decoding: UnsafeRawBufferPointer(start: sql, count: next - sql), as: UTF8.self))
            }
            return statements
        }
    }

    private static func cells(of statement: OpaquePointer) -> [Cell] {
        (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_NULL: .null
            case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
            default: .text(String(cString: sqlite3_column_text(statement, column)))
            }
        }
    }

    // MARK: Fixture, written through the store's API

    /// Ids listed out of order over two pages, one Pokémon without details, one without
    /// official artwork, types whose slot order is not alphabetical.
    static func fillCatalog(_ catalog: PokemonCatalog) throws {
        func entry(_ id: Int, _ name: String) -> ResourceListEntry {
            ResourceListEntry(id: id, name: name, url: "https://pokeapi.co/api/v2/pokemon/\(id)/")
        }
        func details(_ id: Int, _ name: String, _ types: [String], artwork: String?) -> DownloadedDetails {
            let details = PokemonDetails(
                id: id, name: name, height: id % 7 + 3, weight: id * 10, baseExperience: id == 1 ? nil : 112,
                order: id + 100, speciesName: name, types: types,
                abilities: [
                    .init(name: "static", isHidden: false, slot: 1),
                    .init(name: "lightning-rod", isHidden: true, slot: 3),
                    .init(name: "adaptability", isHidden: false, slot: 2),
                ],
                stats: [.init(name: "speed", baseStat: 90, effort: 2), .init(name: "hp", baseStat: 35, effort: 0)],
                officialArtworkURL: artwork)
            return DownloadedDetails(details: details, body: .compressing(Array("{\"id\":\(id)}".utf8)), etag: nil)
        }
        try catalog.savePage(
            entries: [entry(26, "raichu"), entry(25, "pikachu"), entry(1, "bulbasaur")],
            details: [
                details(25, "pikachu", ["electric", "fairy"], artwork: "https://img.example/25.png"),
                details(1, "bulbasaur", ["poison", "grass"], artwork: nil),
            ])
        try catalog.savePage(
            entries: [entry(10001, "deoxys-attack"), entry(4, "charmander")],
            details: [details(4, "charmander", ["fire"], artwork: "https://img.example/4.png")])
    }

    /// `o/r`: open and closed issues, pull requests (one a merged draft), created out of
    /// number order with a tie, labels and assignees stored out of name order, a milestone,
    /// an issue without author; "pagination" in titles and bodies of some, "paginated" in
    /// another (no match). `o/other` holds a matching issue that no `o/r` read may return.
    static func fillIssues(_ archive: IssueArchive) throws {
        let amy = GitHubUser(id: 1, login: "amy", type: "User")
        let zed = GitHubUser(id: 2, login: "zed", type: "User")
        let bug = GitHubLabel(id: 10, name: "bug", color: "d73a4a", description: nil)
        let alpha = GitHubLabel(id: 11, name: "alpha", color: nil, description: "first")
        let milestone = GitHubMilestone(id: 20, number: 1, title: "v1", state: "open")
        func issue(
            _ repository: String, _ id: Int, _ number: Int, _ title: String, body: String? = nil,
            state: String = "open", created: String, pullRequest: Bool = false, author: GitHubUser? = amy,
            labels: [GitHubLabel] = [], assignees: [GitHubUser] = []
        ) -> GitHubIssue {
            GitHubIssue(
                id: id, number: number, title: title, body: body, state: state,
                stateReason: state == "closed" ? "completed" : nil, locked: number == 4, comments: number * 2,
                author: author, authorAssociation: "OWNER", labels: labels, assignees: assignees,
                milestone: number == 4 ? milestone : nil, isPullRequest: pullRequest,
                draft: pullRequest ? true : nil, mergedAt: pullRequest ? "2024-05-02T00:00:00Z" : nil,
                createdAt: created, updatedAt: "2024-06-\(String(format: "%02d", number % 28 + 1))T00:00:00Z",
                closedAt: state == "closed" ? "2024-06-30T00:00:00Z" : nil,
                htmlURL: "https://github.com/\(repository)/issues/\(number)",
                rawJSON: .compressing(Array("{\"id\":\(id)}".utf8)))
        }
        for (id, name) in [(100, "o/r"), (200, "o/other")] {
            try archive.saveRepository(
                GitHubRepository(
                    id: id, fullName: name, description: nil, defaultBranch: "main", openIssuesCount: nil,
                    htmlURL: "https://github.com/\(name)", rawJSON: .compressing(Array("{}".utf8))),
                etag: nil)
        }
        try archive.saveIssuePage(
            repositoryID: 100,
            issues: [
                issue(
                    "o/r", 1001, 1, "Crash on start", body: "pagination is fine", created: "2024-01-01T00:00:00Z",
                    labels: [bug, alpha], assignees: [zed, amy]),
                issue(
                    "o/r", 1002, 2, "Add pagination", created: "2024-04-01T00:00:00Z", pullRequest: true,
                    labels: [alpha]),
                issue("o/r", 1003, 3, "Pagination off by one", state: "closed", created: "2024-03-01T00:00:00Z"),
                issue(
                    "o/r", 1004, 4, "Pagination breaks", body: "crash", created: "2024-02-01T00:00:00Z", author: nil,
                    labels: [bug]),
                issue("o/r", 1005, 5, "Paginated results", created: "2024-02-01T00:00:00Z"),
                issue(
                    "o/r", 1006, 6, "Slow paginations", body: "see pagination", created: "2024-05-01T00:00:00Z",
                    assignees: [zed]),
                issue("o/r", 1007, 7, "Docs", created: "2023-12-01T00:00:00Z"),
            ], firstPage: nil)
        try archive.saveIssuePage(
            repositoryID: 200,
            issues: [
                issue("o/other", 2001, 1, "Pagination elsewhere", created: "2024-07-01T00:00:00Z")
            ], firstPage: nil)
        try fillComments(archive, amy: amy)
    }

    /// Threads: #1's two comments stored out of time order, one by a deleted account; #7
    /// found by its comment alone ("pagination"); a comment of #9, not stored; and a matching
    /// comment of `o/other` #1 that no `o/r` read may return.
    static func fillComments(_ archive: IssueArchive, amy: GitHubUser) throws {
        func comment(_ id: Int, _ number: Int, _ body: String, created: String, author: GitHubUser?) -> GitHubComment {
            GitHubComment(
                id: id, issueNumber: number, author: author, authorAssociation: "MEMBER", body: body,
                createdAt: created, updatedAt: created, htmlURL: "https://github.com/o/r/issues/\(number)#c\(id)",
                rawJSON: .compressing(Array("{\"id\":\(id)}".utf8)))
        }
        try archive.saveCommentPage(
            repositoryID: 100,
            comments: [
                comment(5002, 1, "second", created: "2024-06-03T00:00:00Z", author: amy),
                comment(5001, 1, "first, crash again", created: "2024-06-02T00:00:00Z", author: nil),
                comment(5003, 7, "the pagination docs are wrong", created: "2024-06-04T00:00:00Z", author: amy),
                comment(5004, 9, "pagination of an issue not stored", created: "2024-06-05T00:00:00Z", author: amy),
            ], firstPage: nil)
        try archive.saveCommentPage(
            repositoryID: 200,
            comments: [comment(6001, 1, "pagination here", created: "2024-06-06T00:00:00Z", author: amy)],
            firstPage: nil)
    }
}
