import LocalDatabase
import PokedexStore

/// Runs a parsed invocation against the library and formats what it returns.
struct CommandRunner {
    let global: GlobalOptions
    let environment: [String: String]
    let console: Console

    func databasePath() throws -> String {
        guard let path = DatabaseLocation.resolve(explicit: global.databasePath, environment: environment) else {
            throw CommandFailure(
                message: "cannot tell where the database lives: set --db, POKEDEX_DB or HOME",
                exitCode: .usage)
        }
        return path
    }

    /// The catalog for a query; an empty database is an error that says what to do.
    func openCatalog() throws -> PokemonCatalog {
        let catalog = PokemonCatalog(database: try LocalStore.openForReading(path: try databasePath()))
        guard try catalog.count() > 0 else {
            throw CommandFailure(message: "no Pokémon stored yet: run `pokedex sync` first", exitCode: .notFound)
        }
        return catalog
    }
}
