import LocalDatabase
import PokedexStore

/// `pokedex get`: a stored body, byte for byte.
extension CommandRunner {
    func get(_ command: GetCommand) throws {
        let database = try LocalStore.openForReading(path: try databasePath())
        let path = command.path
        let resources = try PokeAPIIndex.resources(database)
        // Before the index is stored (a first sync reads it after the Pokémon), a kind pokedex
        // declares is one a sync will store: nothing of it is stored yet, below.
        let declared = try PokeAPIIndex.readAt(database) == nil ? PokeAPIResources.all : []
        guard
            let resource = resources.first(where: { $0.kind.name == path.kind })
                ?? declared.first(where: { $0.kind.name == path.kind })
        else {
            let kinds = Set((resources + declared).map(\.kind.name)).sorted()
            throw CommandFailure(
                message: "PokeAPI has no kind '\(path.kind)' that pokedex knows of"
                    + ArgumentParser.suggestion(path.kind, among: kinds)
                    + ": `pokedex status --json` lists the stored kinds",
                exitCode: .notFound)
        }
        let what = "\(path.kind)/\(path.key)\(path.isEncounters ? "/encounters" : "")"
        guard let entry = try resource.tables.entry(database, key: path.key) else {
            // Once some of the kind is stored, "run sync" may not help: how many are says
            // whether the list was synced whole (937 moves) or in part (--limit 21).
            let listed = try resource.tables.listPage(database, offset: 0, limit: Int(Int32.max))
            // A slug like the key: `get` takes slugs, not the names `move` and `show` also take.
            let near = PokemonName.suggestions(
                for: path.key.lowercased(), among: listed.entries.compactMap(\.name), limit: 3)
            let hint =
                near.isEmpty ? "" : "; did you mean \(near.map { "\(path.kind)/\($0)" }.joined(separator: ", "))?"
            throw CommandFailure(
                message: listed.count > 0
                    ? "no \(what) is stored (\(Quantities.thousands(listed.count)) \(path.kind) entries are, as last synced)"
                        + hint
                    : "no \(what) is stored: run `pokedex sync` to store it",
                exitCode: .notFound)
        }
        let tables = path.isEncounters ? PokeAPIResources.encounters.tables : resource.tables
        guard let body = try tables.storedBody(database, id: entry.id) else {
            throw CommandFailure(
                message: "\(what) is listed but its body is not stored yet: run `pokedex sync` to store it",
                exitCode: .notFound)
        }
        let bytes = try body.decoded()
        if let file = command.outputPath {
            try OutputFile.write(bytes, to: file)
        } else if console.outputIsTerminal {
            console.print(DisplayText(sanitizing: String(decoding: bytes, as: UTF8.self), keepingLineBreaks: true))
        } else {
            try console.writeOutput(bytes: bytes)
        }
    }
}
