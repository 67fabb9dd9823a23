import PokedexStore

/// `pokedex get KIND/ID [-o FILE]`.
enum GetOptions {
    static let output = SharedOptions.output(help: ["Write the body to FILE instead of standard output."])

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        guard let text = positionals.first else {
            throw options.failure("missing the resource to get, such as move/85 or pokemon/25/encounters")
        }
        if positionals.count > 1 { throw options.failure("unexpected argument '\(positionals[1])'") }
        guard text.count <= 300, let path = StoredResourcePath(text) else {
            throw options.failure(
                "'\(text.prefix(100))' names no resource: give KIND/ID or KIND/NAME (move/85, item/potion) "
                    + "or a path (/api/v2/pokemon/25/encounters)")
        }
        return .get(GetCommand(path: path, outputPath: options.text(output)))
    }
}

extension CommandSpec {
    static let get = CommandSpec(
        name: .get, abstract: ["Print a stored PokeAPI body as it was sent (offline)."],
        overview: """
            Print the body the last sync stored for one PokeAPI resource, byte for byte as
            the server sent it: any kind of the API, by KIND/ID or KIND/NAME (move/85,
            move/thunderbolt, machine/1), by path (/api/v2/pokemon/25/encounters) or by
            its URL. Never uses the network.
            """,
        usages: [Usage(arguments: "<kind>/<id-or-name>")],
        options: [GetOptions.output], build: GetOptions.command)
}
