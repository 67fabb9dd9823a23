import PokedexStore

/// `pokedex artwork`: a stored PNG, byte for byte.
extension CommandRunner {
    func artwork(_ command: ArtworkCommand) throws {
        let queries = try openQueries(language: nil)
        let id = try pokemon(command.query, in: queries).id
        let images = PokemonImageStore(database: queries.database)
        guard let body = try images.body(pokemonID: id, kind: command.kind) else {
            let name = try queries.entry(id: id)?.profile.summary.name ?? "#\(id)"
            let state = try images.states(pokemonID: id).first { $0.kind == command.kind }
            throw CommandFailure(message: Self.notStored(command.kind, of: name, state), exitCode: .notFound)
        }
        if let path = command.outputPath {
            try OutputFile.write(body, to: path)
        } else {
            guard !console.outputIsTerminal else {
                throw CommandFailure(
                    message: "standard output is a terminal: redirect it (pokedex artwork \(command.query) > "
                        + "image.png) or pass -o FILE",
                    exitCode: .usage)
            }
            try console.writeOutput(bytes: body)
        }
    }

    /// Why no PNG of `kind` is stored, and the sync that would store it.
    static func notStored(_ kind: ImageKind, of name: String, _ state: StoredImageState?) -> String {
        let flag = kind == .sprite ? "pokedex sync --artwork sprites" : "pokedex sync --artwork all"
        guard let url = state?.linkedURL else {
            guard state?.detailsStored == true else {
                return "no \(kind) of \(name): its details are not stored yet (run `\(flag)`)"
            }
            // A sync would not help: the API has no such image for it.
            return "no \(kind) of \(name): PokeAPI links none in its details"
        }
        if state?.isMissing == true {
            return "no \(kind) of \(name): the image host answered 404 for \(url); `\(flag)` asks again "
                + "once --max-age has passed"
        }
        return "no \(kind) of \(name) is stored: run `\(flag)` to store it"
    }
}
