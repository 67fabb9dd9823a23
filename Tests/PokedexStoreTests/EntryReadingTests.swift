import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

/// What people read beside the lookup itself: forms and Pokédex numbers, egg groups in the
/// body's order, ids and near suggestions for types and abilities, names typed without
/// separators, a species stored without its Pokémon, and the chains an item evolves. On `PokedexEntryFixture`.
@Suite("Reading the Pokédex entry")
struct EntryReadingTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
        try PokedexEntryFixture.install(into: database)
    }

    func queries(_ language: String = "en") -> PokedexEntryQueries {
        PokedexEntryQueries(database: database, language: language)
    }

    @Test("a form has its species' Pokédex number and its slug's suffix; the species' own Pokémon has none")
    func forms() throws {
        let alola = try #require(try queries().entry(id: 10100))
        #expect(alola.pokedexNumber == 26 && alola.form == "alola" && alola.displayName == "Raichu")
        let raichu = try #require(try queries().entry(id: 26))
        #expect(raichu.pokedexNumber == 26 && raichu.form == nil)
        let listed = try queries().list(offset: 0, limit: 100, type: "electric")
        #expect(
            listed.map { "\($0.summary.id) \($0.pokedexNumber ?? 0) \($0.form ?? "-")" } == [
                "25 25 -", "26 26 -", "135 135 -", "172 172 -", "10100 26 alola",
            ])
        let pickup = try queries().abilityEntry(slug: "pickup").pokemon.map(\.pokemon)
        #expect(pickup.map(\.form) == [nil, "galar"], "\(pickup.map(\.summary.name))")
    }

    @Test(
        "an item's evolutions: each chain naming it once, whole, in the order of the species it evolves",
        arguments: [("thunder-stone", [10, 67]), ("metal-coat", [58]), ("oval-stone", [])])
    func itemEvolutionChains(item: String, chains: [Int]) throws {
        let entry = try queries().itemEntry(slug: item, versionGroup: nil)
        #expect(entry.evolutionChains.map(\.id) == chains)
        #expect(entry.evolutionChains.allSatisfy { $0.members.count > 1 })
    }

    @Test("egg groups come in the body's order, not alphabetically")
    func eggGroupOrder() throws {
        #expect(try queries().entry(id: 25)?.species?.eggGroups == ["ground", "fairy"])
    }

    @Test("migration 0014 takes egg group positions from the species bodies already stored, downloading nothing")
    func eggGroupPositionsFromStoredBodies() throws {
        let old = try Database(path: directory.file("before-positions.sqlite"))
        let all = try Migrator.embedded().migrations
        let positions = try #require(all.firstIndex { $0.name == "0014_order_species_egg_groups" })
        try Migrator(migrations: Array(all[..<positions])).migrate(old)
        try old.execute(
            """
            INSERT INTO pokemon_species (id, name, url, listed_at) VALUES (1, 'a', 'u', 't'), (2, 'b', 'u', 't'), (3, 'c', 'u', 't');
            INSERT INTO pokemon_species_json (species_id, etag, fetched_at, body) VALUES
                (1, NULL, 't', '{"egg_groups":[{"name":"water1","url":"u"},{"name":"bug","url":"u"}]}'),
                (2, NULL, 't', 'not JSON: stored by hand');
            INSERT INTO pokemon_species_egg_group (species_id, egg_group) VALUES
                (1, 'bug'), (1, 'water1'), (1, 'ditto'), (2, 'plant'), (3, 'fairy');
            """)
        try Migrator(migrations: all).migrate(old)
        let rows = try old.query(
            "SELECT species_id, egg_group, coalesce(position, 0) FROM pokemon_species_egg_group ORDER BY 1, 2"
        ) { "\($0.int(0)) \($0.text(1)) \($0.int(2))" }
        #expect(rows == ["1 bug 2", "1 ditto 0", "1 water1 1", "2 plant 0", "3 fairy 0"])
    }

    @Test(
        "types and abilities by id, full-width digits too; an id nothing has is unknown",
        arguments: [("10", "fire"), ("１０", "fire"), (" 13 ", "electric"), ("99", nil)] as [(String, String?)])
    func typeIDs(query: String, slug: String?) throws {
        #expect(try queries().typeSlug(query) == slug)
    }

    @Test("abilities by id")
    func abilityIDs() throws {
        #expect(try queries().abilitySlug("9") == "static")
        #expect(try queries().abilitySlug("99999") == nil)
    }

    @Test(
        "suggestions share something with the query and show a slug by its display name",
        arguments: [("fier", "Fire"), ("fyre", "Fire"), ("Feuerr", "Feuer"), ("grss", "Grass")])
    func nearTypeSuggestions(query: String, first: String) throws {
        let suggested = try queries().typeSuggestions(for: query)
        #expect(suggested.first == first, "\(query): \(suggested)")
    }

    @Test(
        "an ability is suggested by its display name too",
        arguments: [("statc", "Static"), ("lightningrod", "Lightning Rod"), ("pikup", "Pickup")])
    func nearAbilitySuggestions(query: String, first: String) throws {
        let suggested = try queries().abilitySuggestions(for: query)
        #expect(suggested.first == first, "\(query): \(suggested)")
    }

    @Test("a query of digits no type or ability has suggests no name of another script", arguments: ["10", "9", "99"])
    func noSuggestionsForDigits(query: String) throws {
        #expect(try queries().typeSuggestions(for: query) == [])
        #expect(try queries().abilitySuggestions(for: query) == [])
    }

    @Test(
        "a name typed without its separators finds its Pokémon: a slug, or a species name",
        arguments: [
            ("nidoranf", 29), ("NidoranM", 32), ("meowthgalar", 10161), ("mauziki", 52), ("pikach u", 25),
            ("pikachuu", nil),
        ]
            as [(String, Int?)])
    func withoutSeparators(query: String, id: Int?) throws {
        try database.execute(
            "INSERT INTO pokemon_species_name (species_id, language, name) VALUES (52, 'xx', 'Mau-Zi Ki')")
        // Names stored before their folded form (compared by folding them), then through it.
        try database.execute("UPDATE pokemon_species_name SET folded_name = NULL")
        for folding in [false, true] {
            if folding { try SpeciesStore(database: database).foldUnfoldedNames() }
            let result = try queries().lookup(query)
            if let id {
                #expect(result == .found(id: id, alsoNamed: []), "\(query), folded: \(folding)")
            } else if case .found = result {
                Issue.record("\(query) found \(result)")
            }
        }
    }

    @Test("a species stored without its Pokémon (a partial sync's chain) is said to be so, by its display name")
    func speciesOnly() throws {
        try database.execute("DELETE FROM pokemon WHERE id = 172")
        #expect(try queries().lookup("pichu") == .speciesOnly(species: "pichu", displayName: "Pichu"))
        #expect(try queries("ja").lookup("ピチュー") == .speciesOnly(species: "pichu", displayName: "ピチュー"))
    }

    @Test("a species stored without its Pokémon is no suggestion, which show would refuse")
    func speciesOnlyNotSuggested() throws {
        #expect(try queries().pokemonSuggestions(for: "pichuu").contains("Pichu"))
        try database.execute("DELETE FROM pokemon WHERE id = 172")
        #expect(try !queries().pokemonSuggestions(for: "pichuu").contains("Pichu"))
    }
}
