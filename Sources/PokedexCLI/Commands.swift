import Foundation
import PokedexStore
import PokedexSync

/// A failure that ends a command: the one-line message for stderr and the exit status.
struct CommandFailure: Error {
    let message: String
    let exitCode: ExitCode
}

/// A failure already printed while the command ran: only its exit status is left to give.
struct ReportedFailure: Error {
    let exitCode: ExitCode
}

/// Runs a parsed invocation against the library and formats what it returns.
struct CommandRunner {
    let global: GlobalOptions
    let environment: [String: String]
    let console: Console

    func databasePath() throws -> String {
        guard let path = DatabaseLocation.resolve(explicit: global.databasePath, environment: environment) else {
            throw CommandFailure(message: "cannot tell where the database lives: set --db, POKEDEX_DB or HOME",
                                 exitCode: .usage)
        }
        return path
    }

    // MARK: sync

    func sync(_ command: SyncCommand) async throws {
        let pokeAPIURL = try baseURL(flag: command.pokeAPIURL, flagName: "--pokeapi-url",
                                     variable: "POKEAPI_BASE_URL", default: PokeAPIEndpoint.defaultBaseURL)
        let gitHubURL = try baseURL(flag: command.githubURL, flagName: "--github-url",
                                    variable: "GITHUB_API_URL", default: GitHubEndpoint.defaultBaseURL)
        let retry = RetryPolicy.retries(command.retries ?? RetryPolicy.defaultRetries)
        let job = SyncJob(options: SyncJobOptions(
            scope: command.repository.map(SyncJobOptions.Scope.repository) ?? .everything,
            databasePath: try databasePath(),
            pokeAPIBaseURL: pokeAPIURL,
            gitHubBaseURL: gitHubURL,
            gitHubToken: [environment["GITHUB_TOKEN"], environment["GH_TOKEN"]].compactMap { $0 }.first { !$0.isEmpty },
            catalog: CatalogSyncOptions(offset: command.offset, limit: command.limit,
                                        concurrency: command.concurrency ?? CatalogSyncOptions.defaultConcurrency,
                                        retry: retry, maximumDetailAgeSeconds: command.maximumDetailAgeSeconds),
            gitHub: GitHubSyncOptions(maximumWait: .seconds(command.maximumWaitSeconds ?? 60), retry: retry),
            skipIfSucceededWithinSeconds: command.ifOlderThanSeconds,
            lockWait: .seconds(command.lockWaitSeconds)))
        let reporter = SyncReporter(console: console, quiet: global.quiet, verbose: global.verbose,
                                    sources: (pokeAPIURL, gitHubURL))
        // Past a file-size limit (ulimit -f), a write should fail with an error SQLite
        // reports, not kill the process.
        signal(SIGXFSZ, SIG_IGN)
        let work = Task { try await job.run(events: reporter.handle) }
        let signals = StopSignals.install { work.cancel() }
        let result = await work.result
        signals.remove()
        reporter.finish()
        if let number = signals.received {
            throw CommandFailure(
                message: "stopped by \(StopSignals.name(number)) after the page being committed; everything stored "
                    + "is kept, and the next sync goes on from there",
                exitCode: number == SIGINT ? .interrupted : .terminated)
        }
        do {
            try result.get()
        } catch let failure as SyncFailure where reporter.hasReported(failure) {
            throw ReportedFailure(exitCode: PokedexCLI.describe(failure).exitCode)
        }
    }

    private func baseURL(flag: String?, flagName: String, variable: String, default fallback: String) throws -> URL {
        let fromEnvironment = environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        let text = flag ?? fromEnvironment ?? fallback
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil
        else {
            throw CommandFailure(message: "\(flag != nil ? flagName : variable) is not an http(s) URL: '\(text)'",
                                 exitCode: .usage)
        }
        return url
    }

    // MARK: show

    func show(_ command: ShowCommand) throws {
        let catalog = try openCatalog()
        let profile = try resolve(command.query, in: catalog)
        if command.json {
            console.print(PokemonJSON.profile(profile).rendered())
        } else {
            console.print(PokemonText.profile(profile))
        }
    }

    private func resolve(_ query: String, in catalog: PokemonCatalog) throws -> PokemonProfile {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(trimmed) {
            if let profile = try catalog.profile(id: id) { return profile }
            throw CommandFailure(message: "no Pokémon with id \(id) in the local data", exitCode: .notFound)
        }
        let slug = PokemonName.slug(trimmed)
        if let profile = try catalog.profile(name: slug) { return profile }
        let suggestions = PokemonName.suggestions(for: slug, among: try catalog.names())
        let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
        throw CommandFailure(message: "no Pokémon named '\(TerminalText.sanitize(query))' in the local data\(hint)",
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
            console.print(JSONValue.array(summaries.map(PokemonJSON.summary)).rendered())
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
