import IssueStore
import LocalDatabase
import PokedexStore
import SQLiteDatabase

/// `pokedex __complete KIND PREFIX`: what the completion scripts offer from the database.
extension CommandRunner {
    /// Prints the stored names of the request's kind that start with its prefix (in any case),
    /// one a line; nothing when anything fails (no database, a damaged one), so that pressing
    /// Tab never prints an error in the middle of a command line.
    func complete(_ request: CompletionRequest) {
        guard let kind = request.kind, let names = try? names(kind, completing: request.prefix) else { return }
        let prefix = request.prefix.lowercased()
        let candidates = names.filter { $0.lowercased().hasPrefix(prefix) && Self.isShellWord($0) }
        guard !candidates.isEmpty else { return }
        console.print(DisplayText(sanitizing: candidates.joined(separator: "\n"), keepingLineBreaks: true))
    }

    private func names(_ kind: StoredName, completing prefix: String) throws -> [String] {
        switch kind {
        case .kinds: return Self.kindLists(extending: prefix)
        case .pokemon: return try reading { try PokemonCatalog(database: $0).names() }
        case .type: return try reading { try PokedexEntryQueries(database: $0).knownTypeSlugs() }
        case .ability: return try reading { try PokedexEntryQueries(database: $0).knownAbilitySlugs() }
        case .move, .item, .location:
            return try reading { try PokedexEntryQueries(database: $0).resourceSlugs(kind: kind.rawValue) }
        case .game: return try reading { try PokedexEntryQueries(database: $0).resourceSlugs(kind: "version-group") }
        case .language: return try reading { try PokedexEntryQueries(database: $0).languages() }
        case .repository: return try reading { try IssueArchive(database: $0).repositories().map(\.fullName) }
        case .issue: return try reading { try IssueArchive(database: $0).repositories().map { $0.fullName + "#" } }
        }
    }

    /// `body` on the database opened for reading, closed after.
    private func reading(_ body: (Database) throws -> [String]) throws -> [String] {
        let database = try LocalStore.openForReading(path: try databasePath())
        defer { database.close() }
        return try body(database)
    }

    /// The comma-separated kinds before the prefix's last comma, then each kind not among them:
    /// `move,it` offers `move,item`, `move,item-attribute`…
    static func kindLists(extending prefix: String) -> [String] {
        let given = prefix.split(separator: ",", omittingEmptySubsequences: false).dropLast()
        let head = given.isEmpty ? "" : given.joined(separator: ",") + ","
        return PokeAPIResources.all.map(\.kind.name).filter { !given.contains(Substring($0)) }.sorted()
            .map { head + $0 }
    }

    /// Whether shells take `name` as one word as it is: a name that would need quoting, or that
    /// bash would split (at `:` or `=`), is left out rather than completed wrongly.
    static func isShellWord(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "-_.+/@#,%".contains($0) }
    }
}
