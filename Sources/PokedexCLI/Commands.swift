import PokedexStore

/// A failure that ends a command: the one-line message for stderr and the exit status. The
/// message may quote untrusted text as it is: it is sanitized and redacted where printed.
public struct CommandFailure: Error {
    public let message: String
    public let exitCode: ExitCode

    public init(message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }
}

/// A failure already printed while the command ran: only its exit status is left to give.
public struct ReportedFailure: Error {
    public let exitCode: ExitCode

    public init(exitCode: ExitCode) {
        self.exitCode = exitCode
    }
}

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

    // MARK: show

    func show(_ command: ShowCommand) throws {
        let catalog = try openCatalog()
        let profile = try resolve(command.query, in: catalog)
        if command.json {
            console.print(DisplayText(json: PokemonJSON.profile(profile)))
        } else {
            console.print(PokemonText.profile(profile))
        }
    }

    private func resolve(_ query: String, in catalog: PokemonCatalog) throws -> PokemonProfile {
        // Index arithmetic rather than reversed()/drop(while:): those nest generic wrappers
        // whose metadata the runtime builds at first use, a measurable part of `show`'s time.
        let start = query.firstIndex { !$0.isWhitespace } ?? query.endIndex
        let end = query.lastIndex { !$0.isWhitespace }.map(query.index(after:)) ?? start
        let trimmed = String(query[start..<end])
        if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(trimmed) {
            if let profile = try catalog.profile(id: id) { return profile }
            throw CommandFailure(message: "no Pokémon with id \(id) in the local data", exitCode: .notFound)
        }
        let slug = PokemonName.slug(trimmed)
        if let profile = try catalog.profile(name: slug) { return profile }
        let suggestions = PokemonName.suggestions(for: slug, among: try catalog.names())
        let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
        throw CommandFailure(
            message: "no Pokémon named '\(query)' in the local data\(hint)",
            exitCode: .notFound)
    }

    // MARK: list

    func list(_ command: ListCommand) throws {
        let catalog = try openCatalog()
        let summaries = try catalog.list(offset: command.offset, limit: command.limit, type: command.type)
        if let type = command.type, summaries.isEmpty {
            let known = try catalog.typeNames()
            if !known.contains(type) {
                throw CommandFailure(
                    message: "no stored Pokémon has type '\(type)' (known: \(known.joined(separator: ", ")))",
                    exitCode: .notFound)
            }
        }
        if command.json {
            console.print(DisplayText(json: .array(summaries.map(PokemonJSON.summary))))
        } else if !summaries.isEmpty {
            console.print(PokemonText.table(summaries))
        }
    }

    /// The catalog for a query; an empty database is an error that says what to do.
    private func openCatalog() throws -> PokemonCatalog {
        let catalog = PokemonCatalog(database: try LocalStore.openForReading(path: try databasePath()))
        guard try catalog.count() > 0 else {
            throw CommandFailure(message: "no Pokémon stored yet: run `pokedex sync` first", exitCode: .notFound)
        }
        return catalog
    }
}
