/// `pokedex move`, `item` and `location`: the kinds a whole sync keeps as bodies, read back.
enum ResourceArguments {
    static func command(_ kind: ResourceCommand.Kind) -> CommandSpec.Builder {
        { positionals, options throws(UsageError) in
            let (query, json, language) = try NameArgument.parse(positionals, options, what: kind.rawValue)
            return .resource(
                ResourceCommand(
                    kind: kind, query: query, game: try NameArgument.optional(GameOption.spec, options), json: json,
                    language: language))
        }
    }

    static func spec(
        _ kind: ResourceCommand.Kind, name: CommandName, abstract: String, overview: String
    ) -> CommandSpec {
        CommandSpec(
            name: name, abstract: [abstract], overview: overview,
            usages: [CommandSpec.Usage(arguments: "<name-or-id>")],
            options: [LanguageOption.spec, SharedOptions.json, GameOption.spec],
            argumentCompletions: [.stored(kind.completedNames)], build: command(kind))
    }
}

extension ResourceCommand.Kind {
    /// The names `__complete` offers for the command's argument.
    var completedNames: StoredName {
        switch self {
        case .move: .move
        case .item: .item
        case .location: .location
        }
    }
}

extension CommandSpec {
    static let move = ResourceArguments.spec(
        .move, name: .move, abstract: "Show a move's data, machines and learners (offline).",
        overview: """
            Show a move from the local database: type, damage class, power, accuracy, PP,
            priority, target, effect, the games' text, the machines that teach it, and the
            stored Pokémon that learn it in one game (--game; default: the newest any
            learns it in), by level first. Accepts an id (85), a slug (thunderbolt) or the
            move's name in any stored language (Donnerblitz, 10まんボルト).
            """)

    static let item = ResourceArguments.spec(
        .item, name: .item, abstract: "Show an item's effect, holders, evolutions (offline).",
        overview: """
            Show an item from the local database: category, price per game, effect, the
            games' text, the wild Pokémon that hold it (--game chooses the game of the
            price, the text and the holders), and the evolutions it triggers used or
            held. Accepts an id (198), a slug (kings-rock) or the item's name in any
            stored language ("King's Rock", King-Stein).
            """)

    static let location = ResourceArguments.spec(
        .location, name: .location, abstract: "Show a place's areas and their Pokémon (offline).",
        overview: """
            Show a location from the local database: its region, its areas and, in each,
            the Pokémon met there with how, at which levels and with which chance, in one
            game (--game; default: the newest anything is met there in), and the other
            games they are met there in. Accepts an id, a slug (viridian-forest) or the
            place's name in any stored language ("Viridian Forest", Vertania-Wald).
            """)
}
