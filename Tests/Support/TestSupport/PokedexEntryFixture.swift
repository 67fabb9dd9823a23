import Foundation
import HTTPTypes
import LocalDatabase
import PokedexStore
import PokedexSync
import SQLiteDatabase

/// A small Pokédex as a sync of recorded PokeAPI bodies leaves it: 25 Pokémon (Pichu's, Eevee's,
/// Charmander's, Meowth's, Scyther's chains and both Nidoran), their species with names in every
/// language PokeAPI has, Pokédex texts in en, fr and ja, the evolution chains with their steps,
/// all types with names and damage relations, and their abilities with names and effects.
///
/// The bodies (`Tests/Support/PokedexEntryBodies/KIND/ID.json`, as PokeAPI answers `/KIND/ID/`)
/// hold the facts of real PokeAPI bodies (2026-12), trimmed to the fields the scanners read:
/// resources pokedex keeps no row of (languages, versions, items, stats, …) are linked by slug,
/// and evolution details carry only the conditions that apply. They are read by the sync's own
/// scanners and written by its own stores, page by page, so the rows (and the bodies stored
/// compressed beside them) are what a sync of them stores: a migration that changes what a sync
/// stores changes the fixture with it, and no test fixture is edited for it.
public enum PokedexEntryFixture {
    /// The folder of the bodies, beside this file's target.
    public static let bodies = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("PokedexEntryBodies")

    /// The origin the list entries' URLs name, as PokeAPI's lists give them.
    public static let baseURL = "https://pokeapi.co/api/v2/"

    /// Writes the fixture into a migrated `database` (``LocalStore/openForWriting(path:)``) as a
    /// sync does: the catalog, then types, abilities, species, and the evolution chains the
    /// stored species link to; each resource's entries and bodies in one page.
    public static func install(into database: Database) throws {
        let pokemon = try listed("pokemon") { try PokeAPIScanner.details(from: $0).name }
        try sync(PokemonCatalog(database: database), "pokemon", entries: pokemon) { response, entry in
            let details = try PokeAPIScanner.details(from: response.body)
            try check(details.id, details.rangeViolation, entry)
            return DownloadedDetails(details: details, body: response.storedBody(), etag: nil)
        }
        try sync(TypeStore(database: database), "type", named: \.name, scan: PokeAPIScanner.type(from:))
        try sync(AbilityStore(database: database), "ability", named: \.name, scan: PokeAPIScanner.ability(from:))
        try sync(
            SpeciesStore(database: database), "pokemon-species", named: \.name, scan: PokeAPIScanner.species(from:))
        // Chains have no list: the species' `evolution_chain.url` are followed.
        let links = try PokeAPIResources.evolutionChain.links.flatMap {
            try ResourceLinks(database: database).follow($0, from: nil)
        }
        let chains = try links.map {
            ResourceListEntry(id: try PokemonResource.id(fromURL: $0.url), name: $0.name, url: $0.url)
        }
        try sync(
            EvolutionChainStore(database: database), "evolution-chain", entries: chains,
            scan: PokeAPIScanner.evolutionChain(from:))
    }

    /// A new database holding the fixture, in a directory of its own that lives as long as it.
    public static func installedDatabase() throws -> (directory: TemporaryDirectory, database: Database) {
        let directory = try TemporaryDirectory()
        let database = try LocalStore.openForWriting(path: directory.file("fixture.sqlite"))
        try install(into: database)
        return (directory, database)
    }

    /// A database file in `directory` holding the fixture, closed: what the end-to-end tests
    /// run the binaries on.
    public static func databaseFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("pokedex.sqlite")
        let writer = try LocalStore.openForWriting(path: path)
        defer { writer.close() }
        try install(into: writer)
        return path
    }

    /// Writes the fixture's rows, without the raw bodies, into `database`, migrated to an older
    /// schema than the stores write (for a test of a later migration): they are built in a
    /// database of the current schema, then copied table by table, in the columns both schemas
    /// have. The migrations' bookkeeping and full-text indexes are left as they are.
    public static func installRows(into database: Database) throws {
        let directory = try TemporaryDirectory()
        let built = try LocalStore.openForWriting(path: directory.file("fixture.sqlite"))
        try install(into: built)
        built.close()
        try database.run("ATTACH DATABASE ? AS fixture", [.text(directory.file("fixture.sqlite"))])
        defer { try? database.execute("DETACH DATABASE fixture") }
        let tables = try database.query(
            """
            SELECT name FROM pragma_table_list
            WHERE schema = 'fixture' AND type = 'table' AND name NOT LIKE 'sqlite%'
              AND name NOT LIKE '%json' AND name <> 'schema_migrations'
              AND name IN (SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table')
            """
        ) { $0.text(0) }
        try database.withForeignKeysDisabled {
            try database.writeTransaction {
                for table in tables {
                    let columns = try database.query(
                        """
                        SELECT '"' || name || '"' FROM pragma_table_info(?1, 'fixture')
                        WHERE name IN (SELECT name FROM pragma_table_info(?1, 'main'))
                        """, [.text(table)]
                    ) { $0.text(0) }.joined(separator: ", ")
                    try database.execute(
                        "INSERT INTO main.\"\(table)\" (\(columns)) SELECT \(columns) FROM fixture.\"\(table)\"")
                }
            }
        }
    }

    /// A body that the sync would refuse.
    public struct RefusedBody: Error, CustomStringConvertible {
        public let description: String
    }

    // MARK: One resource

    /// A listed Pokédex-entry resource: its entries named as its bodies are.
    private static func sync<Store: ResourcePageStore, Fields: LinkedResourceFields>(
        _ store: Store, _ kind: String, named name: KeyPath<Fields, String>, scan: (Data) throws -> Fields
    ) throws where Store.Downloaded == DownloadedResource<Fields> {
        try sync(store, kind, entries: listed(kind) { try scan($0)[keyPath: name] }, scan: scan)
    }

    /// A Pokédex-entry resource: its bodies scanned and checked as ``LinkedResourceKind`` does.
    private static func sync<Store: ResourcePageStore, Fields: LinkedResourceFields>(
        _ store: Store, _ kind: String, entries: [ResourceListEntry], scan: (Data) throws -> Fields
    ) throws where Store.Downloaded == DownloadedResource<Fields> {
        try sync(store, kind, entries: entries) { response, entry in
            let fields = try scan(response.body)
            try check(fields.id, fields.violation, entry)
            return DownloadedResource(id: fields.id, fields: fields, body: response.storedBody(), etag: nil)
        }
    }

    /// One page: the entries, then each body as it would arrive (a 200 from the entry's URL).
    private static func sync<Store: ResourcePageStore>(
        _ store: Store, _ kind: String, entries: [ResourceListEntry],
        _ downloaded: (HTTPResponse, ResourceListEntry) throws -> Store.Downloaded
    ) throws {
        let bodies = try entries.map { entry in
            let response = HTTPResponse(
                url: try url(entry.url), status: 200, headers: ["Content-Type": "application/json; charset=utf-8"],
                body: try body(kind, id: entry.id))
            return try downloaded(response, entry)
        }
        try store.beginPage(entries: entries)
        do {
            for body in bodies { try store.saveDetails(body) }
            try store.commitPage()
        } catch {
            store.rollBackPage()
            throw error
        }
    }

    /// The entries a list of `kind` gives: one for each body, in id order, with its name.
    private static func listed(_ kind: String, name: (Data) throws -> String) throws -> [ResourceListEntry] {
        let files = try FileManager.default.contentsOfDirectory(atPath: bodies.appendingPathComponent(kind).path)
        let ids = try files.filter { $0.hasSuffix(".json") }.map { file in
            guard let id = Int(file.dropLast(".json".count)) else { throw RefusedBody(description: "\(kind)/\(file)") }
            return id
        }
        return try ids.sorted().map { id in
            ResourceListEntry(id: id, name: try name(try body(kind, id: id)), url: "\(baseURL)\(kind)/\(id)/")
        }
    }

    private static func body(_ kind: String, id: Int) throws -> Data {
        try Data(contentsOf: bodies.appendingPathComponent(kind).appendingPathComponent("\(id).json"))
    }

    private static func url(_ string: String) throws -> URL {
        guard let url = URL(string: string) else { throw RefusedBody(description: "no URL: \(string)") }
        return url
    }

    /// Refused as the sync refuses it: another entry's body, or a value out of range.
    private static func check(_ id: Int, _ violation: String?, _ entry: ResourceListEntry) throws {
        guard id == entry.id else { throw RefusedBody(description: "\(entry.url) has id \(id)") }
        if let violation { throw RefusedBody(description: "\(entry.url): \(violation)") }
    }
}
