import Foundation
import PokedexStore
import PokedexSync

/// A failure that ends a command: the one-line message for stderr and the exit status.
struct CommandFailure: Error {
    let message: String
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
        let path = try databasePath()
        let pokeAPIURL = try baseURL(flag: command.pokeAPIURL, flagName: "--pokeapi-url",
                                     variable: "POKEAPI_BASE_URL", default: PokeAPIEndpoint.defaultBaseURL)
        let gitHubURL = try baseURL(flag: command.githubURL, flagName: "--github-url",
                                    variable: "GITHUB_API_URL", default: GitHubEndpoint.defaultBaseURL)
        try DatabaseLocation.createParentDirectory(of: path)
        let lock = try await WriterLock.acquire(forDatabase: path, wait: .seconds(command.lockWaitSeconds))
        defer { withExtendedLifetime(lock) {} }
        if let repository = command.repository {
            try await syncIssues(of: [.name(repository)], command, baseURL: gitHubURL, path: path)
            return
        }
        try await syncCatalog(command, baseURL: pokeAPIURL, path: path)
        let repositories = try IssueArchive(database: try LocalStore.openForWriting(path: path)).repositories()
        try await syncIssues(of: repositories.map { .stored(id: $0.id, lastKnownName: $0.fullName) }, command,
                             baseURL: gitHubURL, path: path)
    }

    private func syncCatalog(_ command: SyncCommand, baseURL: URL, path: String) async throws {
        let database = try LocalStore.openForWriting(path: path)
        let concurrency = command.concurrency ?? CatalogSyncOptions.defaultConcurrency
        // More requests in flight than connections keeps each connection busy; more
        // connections than this only churns through sockets (measured on loopback).
        let client = HTTPClient.urlSession(maximumConnectionsPerHost: min(concurrency, 4))
        let sync = CatalogSync(client: client, baseURL: baseURL, catalog: PokemonCatalog(database: database))
        let options = CatalogSyncOptions(offset: command.offset, limit: command.limit, concurrency: concurrency,
                                         retry: retryPolicy(command))
        let clock = ContinuousClock()
        let started = clock.now
        let report = try await sync.run(options) { [global, console] progress in
            guard global.verbose, !global.quiet else { return }
            console.printError("pokedex: page \(progress.report.pages): \(progress.report.entries) of "
                               + "\(progress.listCount) entries, \(client.statistics.requests) requests")
        }
        guard !global.quiet else { return }
        console.printError(
            "pokedex: synced \(report.entries) Pokémon in \(report.pages) pages: "
            + "\(report.detailsDownloaded) details downloaded, \(report.detailsUnchanged) unchanged; "
            + "\(client.statistics.requests) requests, \(Self.formatBytes(client.statistics.bytes)) "
            + "in \(Self.formatSeconds(clock.now - started))")
    }

    private func syncIssues(of repositories: [GitHubSync.Target], _ command: SyncCommand, baseURL: URL,
                            path: String) async throws {
        guard !repositories.isEmpty else { return }
        let archive = IssueArchive(database: try LocalStore.openForWriting(path: path))
        // GitHub asks for serial requests per token: one connection, one request at a time.
        let client = HTTPClient.urlSession(maximumConnectionsPerHost: 1)
        let token = [environment["GITHUB_TOKEN"], environment["GH_TOKEN"]].compactMap { $0 }.first { !$0.isEmpty }
        let options = GitHubSyncOptions(maximumWait: .seconds(command.maximumWaitSeconds ?? 60),
                                        retry: retryPolicy(command))
        let sync = GitHubSync(client: client, baseURL: baseURL, token: token, archive: archive, options: options)
        // A refresh goes on past a repository that is gone or closed; a rate limit or a
        // failure of the network or the database stops it.
        var firstFailure: (any Error)?
        for repository in repositories {
            let clock = ContinuousClock()
            let started = clock.now
            let requestsBefore = client.statistics.requests
            let report: GitHubSyncReport
            do {
                report = try await sync.run(repository)
            } catch let error as GitHubSyncError where repositories.count > 1 && error.concernsOneRepository {
                console.printError("Error: \(error)")
                firstFailure = firstFailure ?? error
                continue
            }
            guard !global.quiet else { continue }
            let renamed = report.renamedFrom.map { " (renamed from \($0))" } ?? ""
            let budget = report.rateLimit.map { limit in
                "; rate limit \(limit.remaining)\(limit.limit.map { "/\($0)" } ?? "") left"
            } ?? ""
            console.printError(
                "pokedex: synced \(report.repository)\(renamed): \(report.itemsChanged) issues and pull requests "
                + "new or changed (\(report.itemsReceived) received in \(report.pages) pages); "
                + "\(client.statistics.requests - requestsBefore) requests "
                + "(\(report.notModified) unchanged)\(budget) in \(Self.formatSeconds(clock.now - started))")
        }
        if let firstFailure { throw firstFailure }
    }

    private func retryPolicy(_ command: SyncCommand) -> RetryPolicy {
        .retries(command.retries ?? RetryPolicy.defaultRetries)
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

    static func formatSeconds(_ duration: Duration) -> String {
        String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    static func formatBytes(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1_000) }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
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
