import BodyCoding
import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

/// A body that names a key twice (a language's name, a game's flavor text, a variety) keeps
/// what it says last, with the position of the last: the stores' upserts do what
/// `INSERT OR REPLACE` did, without its statement journal.
@Suite("A key a body repeats keeps its last entry")
struct RepeatedKeysTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try LocalStore.openForWriting(path: directory.file("pokedex.sqlite"))
    }

    func page<Store: ResourceTablesStore>(_ store: Store, id: Int, name: String, save: () throws -> Void) throws {
        try store.beginPage(entries: [ResourceListEntry(id: id, name: name, url: "https://pokeapi.co/api/v2/x/\(id)/")])
        try save()
        try store.commitPage()
    }

    var body: StoredBody { .compressing(Array("{}".utf8)) }

    @Test("species: names, flavor texts (with the position of the last) and varieties")
    func species() throws {
        var fields = SpeciesDetails(id: 25, name: "pikachu")
        fields.names = [
            .init(language: "en", name: "Pikachu", genus: nil), .init(language: "fr", name: "Pikachu", genus: nil),
            .init(language: "en", name: "Pika", genus: "Mouse Pokémon"),
        ]
        fields.flavorTexts = [
            .init(language: "en", version: "red", text: "first"), .init(language: "en", version: "blue", text: "b"),
            .init(language: "en", version: "red", text: "last"),
        ]
        fields.varieties = [
            .init(pokemonName: "pikachu", pokemonURL: "u1", isDefault: false),
            .init(pokemonName: "pikachu", pokemonURL: "u2", isDefault: true),
        ]
        let store = SpeciesStore(database: database)
        try page(store, id: 25, name: "pikachu") {
            try store.saveDetails(.init(id: 25, fields: fields, body: body, etag: nil))
        }
        let names = try database.query(
            "SELECT language || ' ' || name || ' ' || coalesce(genus, '-') FROM pokemon_species_name ORDER BY language"
        ) { $0.text(0) }
        #expect(names == ["en Pika Mouse Pokémon", "fr Pikachu -"])
        let texts = try database.query(
            "SELECT version || ' ' || position || ' ' || text FROM pokemon_species_flavor_text ORDER BY position"
        ) { $0.text(0) }
        #expect(texts == ["blue 2 b", "red 3 last"])
        let varieties = try database.query(
            "SELECT pokemon_url || ' ' || is_default FROM pokemon_species_variety"
        ) { $0.text(0) }
        #expect(varieties == ["u2 1"])
    }

    @Test("abilities: names and effects")
    func ability() throws {
        let fields = AbilityDetails(
            id: 9, name: "static", generation: nil, isMainSeries: true,
            names: [.init(language: "en", name: "Stat"), .init(language: "en", name: "Static")],
            effects: [
                .init(language: "en", shortEffect: "old", effect: nil),
                .init(language: "en", shortEffect: "new", effect: "Paralyses."),
            ])
        let store = AbilityStore(database: database)
        try page(store, id: 9, name: "static") {
            try store.saveDetails(.init(id: 9, fields: fields, body: body, etag: nil))
        }
        #expect(try database.query("SELECT name FROM ability_name") { $0.text(0) } == ["Static"])
        #expect(
            try database.query("SELECT short_effect || ' ' || effect FROM ability_effect") { $0.text(0) } == [
                "new Paralyses."
            ])
    }

    @Test("types: names")
    func type() throws {
        let fields = TypeDetails(
            id: 13, name: "electric", generation: nil, moveDamageClass: nil,
            names: [.init(language: "en", name: "Elec"), .init(language: "en", name: "Electric")],
            damageTo: [], damageFrom: [])
        let store = TypeStore(database: database)
        try page(store, id: 13, name: "electric") {
            try store.saveDetails(.init(id: 13, fields: fields, body: body, etag: nil))
        }
        #expect(try database.query("SELECT name FROM type_name") { $0.text(0) } == ["Electric"])
    }
}
