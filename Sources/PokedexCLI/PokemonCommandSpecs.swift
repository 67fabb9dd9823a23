/// `pokedex show` and `pokedex list`: queries of the local Pokémon catalog.
enum ListOptions {
    static let offset = SharedOptions.offset(
        default: .number(ListCommand().offset),
        help: ["Skip the first N Pokémon (default: {default})."])
    static let limit = SharedOptions.limit(
        default: .number(ListCommand().limit),
        help: ["Show at most N Pokémon (default: {default})."])
    static let type = OptionSpec(
        name: "--type", value: .text, placeholder: "TYPE",
        help: ["Only Pokémon of this type (e.g. electric)."])

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        if let extra = positionals.first { throw options.failure("unexpected argument '\(extra)'") }
        var list = ListCommand()
        list.offset = try options.count(offset) ?? list.offset
        list.limit = try options.count(limit) ?? list.limit
        if let text = options.text(type) {
            let slug = PokemonTypeName.normalize(text)
            guard !slug.isEmpty else { throw options.failure("--type needs a type name, such as 'electric'") }
            list.type = slug
        }
        list.json = options.flag(SharedOptions.jsonArray)
        return .list(list)
    }
}

enum ShowArguments {
    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        guard let query = positionals.first else {
            throw options.failure("missing the Pokémon to show (a name or an id)")
        }
        guard positionals.count == 1 else {
            throw options.failure("unexpected argument '\(positionals[1])' (quote names with spaces: \"mr mime\")")
        }
        guard !query.allSatisfy(\.isWhitespace) else { throw options.failure("the Pokémon to show is empty") }
        guard query.count <= 100 else {
            throw options.failure("the Pokémon to show is \(query.count) characters long; names are far shorter")
        }
        return .show(ShowCommand(query: query, json: options.flag(SharedOptions.json)))
    }
}

extension CommandSpec {
    static let show = CommandSpec(
        name: .show, abstract: ["Show one Pokémon (offline)."],
        overview: """
            Show one Pokémon from the local database: id, types, abilities, base
            stats, height, weight and artwork link. Never uses the network.

            Accepts an id (25), a slug (pikachu) or a name as people write it ("Mr. Mime",
            "Nidoran♀", "Farfetch’d", "Flabébé"): case, accents and punctuation are folded.
            """,
        usages: [Usage(arguments: "<name-or-id>", options: [.option(SharedOptions.json)])],
        options: [SharedOptions.json], build: ShowArguments.command)

    static let list = CommandSpec(
        name: .list, abstract: ["List Pokémon in id order (offline)."],
        overview: "List Pokémon from the local database in id order. Never uses the network.",
        usages: [
            Usage(
                options: [ListOptions.offset, ListOptions.limit, ListOptions.type, SharedOptions.jsonArray]
                    .map(UsageItem.option))
        ],
        options: [ListOptions.offset, ListOptions.limit, ListOptions.type, SharedOptions.jsonArray],
        build: ListOptions.command)
}
