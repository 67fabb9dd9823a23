import IssueStore
import LocalDatabase
import PokedexStore

/// `pokedex __complete KIND PREFIX`: what the completion scripts offer from the database.
extension CommandRunner {
    /// Prints the stored names of the request's kind that start with its prefix (in any case),
    /// one a line; nothing when anything fails (no database, a damaged one), so that pressing
    /// Tab never prints an error in the middle of a command line.
    func complete(_ request: CompletionRequest) {
        guard let kind = request.kind, let names = try? storedNames(kind) else { return }
        let prefix = request.prefix.lowercased()
        let candidates = names.filter { $0.lowercased().hasPrefix(prefix) && Self.isShellWord($0) }
        guard !candidates.isEmpty else { return }
        console.print(DisplayText(sanitizing: candidates.joined(separator: "\n"), keepingLineBreaks: true))
    }

    private func storedNames(_ kind: StoredName) throws -> [String] {
        let database = try LocalStore.openForReading(path: try databasePath())
        defer { database.close() }
        let entries = PokedexEntryQueries(database: database)
        switch kind {
        case .pokemon: return try PokemonCatalog(database: database).names()
        case .type: return try entries.knownTypeSlugs()
        case .ability: return try entries.knownAbilitySlugs()
        case .move, .item, .location: return try entries.resourceSlugs(kind: kind.rawValue)
        case .game: return try entries.resourceSlugs(kind: "version-group")
        case .language: return try entries.languages()
        case .repository: return try IssueArchive(database: database).repositories().map(\.fullName)
        case .issue: return try IssueArchive(database: database).repositories().map { $0.fullName + "#" }
        }
    }

    /// Whether shells take `name` as one word as it is: a name that would need quoting, or that
    /// bash would split (at `:` or `=`), is left out rather than completed wrongly.
    static func isShellWord(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "-_.+/@#,%".contains($0) }
    }
}
