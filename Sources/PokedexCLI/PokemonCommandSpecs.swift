import TerminalImages

/// `pokedex show`, `list`, `type` and `ability`: queries of the local Pokémon catalog.
enum ListOptions {
    static let offset = SharedOptions.offset(
        default: .number(ListCommand().offset),
        help: ["Skip the first N Pokémon (default: {default})."])
    static let limit = SharedOptions.limit(
        default: .number(ListCommand().limit),
        help: ["Show at most N Pokémon (default: {default})."])
    static let type = OptionSpec(
        name: "--type", value: .text, placeholder: "TYPE",
        help: ["Only Pokémon of this type (e.g. electric, or its name in any", "stored language: Feuer, ほのお)."],
        storedValues: .type)
    static let generation = OptionSpec(
        name: "--generation", value: .count(1...99), placeholder: "N",
        help: ["Only Pokémon of species introduced in generation N ({range})."])
    static let learns = OptionSpec(
        name: "--learns", value: .text, placeholder: "MOVE",
        help: [
            "Only Pokémon that learn this move (thunderbolt, or \"Thunder",
            "Punch\"), in any game or the one --game names.",
        ], storedValues: .move)
    /// `show`'s `--game` narrows an entry; `list`'s, only what `--learns` searches.
    static let game = OptionSpec(
        name: GameOption.spec.name, value: .text, placeholder: "GROUP",
        help: [
            "With --learns: the game the move is learnt in, a version group",
            "(red-blue, scarlet-violet) or a version in any language (Rot, 赤).",
        ], storedValues: .game)

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        if let extra = positionals.first { throw options.failure("unexpected argument '\(extra)'") }
        var list = ListCommand()
        list.offset = try options.count(offset) ?? list.offset
        list.limit = try options.count(limit) ?? list.limit
        if let text = options.text(type) {
            guard text.contains(where: \.isLetter) else {
                throw options.failure("--type needs a type name, such as 'electric'")
            }
            list.type = text.allSatisfy(\.isASCII) ? PokemonTypeName.normalize(text) : text
        }
        list.generation = try options.count(generation)
        list.learns = try NameArgument.optional(learns, options)
        list.game = try NameArgument.optional(game, options)
        if list.game != nil, list.learns == nil {
            throw options.failure("--game needs --learns: it names the game the move is learnt in")
        }
        list.language = try LanguageOption.code(options)
        list.json = options.flag(SharedOptions.jsonArray)
        return .list(list)
    }
}

/// `--lang CODE`: the display language of names and texts.
enum LanguageOption {
    static let spec = OptionSpec(
        name: "--lang", value: .text, placeholder: "CODE",
        help: [
            "Names and texts in this language, by PokeAPI's code (en, fr, de,",
            "ja, zh-hant, …; default: $POKEDEX_LANG, else en); English where",
            "a text is missing.",
        ], storedValues: .language)

    /// The code given, when well formed (letters, then hyphenated letters or digits), or a
    /// locale name as `$LANG` holds it (``normalized(_:)``).
    static func code(_ options: ParsedOptions) throws(UsageError) -> String? {
        guard let text = options.text(spec) else { return nil }
        guard isWellFormed(normalized(text)) else {
            throw options.failure("--lang needs a language code such as en, fr or zh-hant, not '\(text)'")
        }
        return normalized(text)
    }

    /// A locale name (`ja_JP.UTF-8`, `zh_TW`, `de_AT@euro`, as `$LANG` holds one) as PokeAPI
    /// spells codes: its encoding and modifier dropped, `_` as `-`, in lower case.
    static func normalized(_ text: String) -> String {
        let code = text.prefix { $0 != "." && $0 != "@" }.replacing("_", with: "-").lowercased()
        // The C locale (`LANG=C.UTF-8`) is English.
        return code == "c" || code == "posix" ? "en" : code
    }

    /// The codes a normalized `code` may mean, best first: itself; for a region, the script or
    /// variety PokeAPI writes there (Chinese of Taiwan, Hong Kong and Macau in traditional
    /// characters, elsewhere in simplified; Spanish outside Spain as Latin America's); then
    /// each shorter code it starts with (`ja-hrkt-jp`: `ja-hrkt`, `ja`).
    static func candidates(_ code: String) -> [String] {
        let parts = code.split(separator: "-").map(String.init)
        guard let language = parts.first else { return [code] }
        var found = [code]
        switch language {
        case "zh" where !["hans", "hant"].contains(parts.dropFirst().first):
            found.append(parts.contains { ["tw", "hk", "mo"].contains($0) } ? "zh-hant" : "zh-hans")
        case "es" where parts.count > 1 && parts[1] != "es":
            found.append("es-419")
        default:
            break
        }
        found += (1..<max(1, parts.count)).reversed().map { parts.prefix($0).joined(separator: "-") }
        return found.reduce(into: []) { unique, code in
            if !unique.contains(code) { unique.append(code) }
        }
    }

    static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

/// `--game GROUP`: the version group whose moves and places `show`, `move`, `item` and
/// `location` show (`list` declares its own: there it only narrows `--learns`).
enum GameOption {
    static let spec = OptionSpec(
        name: "--game", value: .text, placeholder: "GROUP",
        help: [
            "The game: a version group (red-blue, scarlet-violet) or a",
            "version in any language (Rot, 赤); default: the newest.",
        ], storedValues: .game)
}

/// One name argument (a Pokémon, a type, an ability), checked the same way for each command.
enum NameArgument {
    /// An option naming a move or a game: nil when not given, never empty.
    static func optional(_ option: OptionSpec, _ options: ParsedOptions) throws(UsageError) -> String? {
        guard let text = options.text(option) else { return nil }
        guard !text.allSatisfy(\.isWhitespace), text.count <= 100 else {
            throw options.failure(
                "\(option.name) needs a name such as \(option.name == "--game" ? "red-blue" : "thunderbolt")")
        }
        return text
    }

    static func single(_ positionals: [String], _ options: ParsedOptions, what: String) throws(UsageError) -> String {
        guard let query = positionals.first else {
            throw options.failure("missing the \(what) to show (a name or an id)")
        }
        guard positionals.count == 1 else {
            throw options.failure("unexpected argument '\(positionals[1])' (quote names with spaces: \"mr mime\")")
        }
        guard !query.allSatisfy(\.isWhitespace) else { throw options.failure("the \(what) to show is empty") }
        guard query.count <= 100 else {
            throw options.failure("the \(what) to show is \(query.count) characters long; names are far shorter")
        }
        return query
    }

    /// The name, `--json` and `--lang` of `show`, `type` and `ability`.
    static func parse(
        _ positionals: [String], _ options: ParsedOptions, what: String
    ) throws(UsageError) -> (query: String, json: Bool, language: String?) {
        let query = try single(positionals, options, what: what)
        return (query, options.flag(SharedOptions.json), try LanguageOption.code(options))
    }
}

enum ShowArguments {
    static let image = OptionSpec(
        name: "--image", value: .choice(ImageDisplayMode.allCases.map(\.rawValue)), placeholder: "WHEN",
        defaultValue: .text(ShowCommand(query: "").image.rawValue),
        help: [
            "Draw the stored sprite above the entry (default: {default}):",
            "always, never, or auto: only on a terminal, with NO_COLOR",
            "unset and TERM not dumb.",
        ])
    static let imageProtocol = OptionSpec(
        name: "--image-protocol", value: .choice(ImageProtocol.allCases.map(\.rawValue)), placeholder: "NAME",
        help: [
            // Listed, not {choices}: that marks a default, and here the environment decides.
            "Draw it with kitty, iterm2, truecolor or 256: kitty's graphics,",
            "iTerm2's inline images, or half blocks in 24-bit or 256",
            "colours (default: what the environment announces).",
        ])

    static let moves = OptionSpec(
        name: "--moves", value: .choice(["summary", "all"]), placeholder: "WHICH", defaultValue: .text("summary"),
        help: [
            "Moves learnt otherwise than by level, {choices}:",
            "counted per method or each named. --json lists them all.",
        ])

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        let (query, json, language) = try NameArgument.parse(positionals, options, what: "Pokémon")
        var show = ShowCommand(query: query, json: json, language: language)
        // The choices are the enums' raw values.
        if let choice = try options.choice(image) { show.image = ImageDisplayMode(rawValue: choice)! }
        if let choice = try options.choice(imageProtocol) { show.imageProtocol = ImageProtocol(rawValue: choice)! }
        show.game = try NameArgument.optional(GameOption.spec, options)
        show.everyMove = try options.choice(moves) == "all"
        if json, show.image == .always {
            throw options.failure("--image always draws on text output, not with --json")
        }
        return .show(show)
    }
}

enum TypeArguments {
    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        let (query, json, language) = try NameArgument.parse(positionals, options, what: "type")
        return .type(TypeCommand(query: query, json: json, language: language))
    }
}

enum AbilityArguments {
    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        let (query, json, language) = try NameArgument.parse(positionals, options, what: "ability")
        return .ability(AbilityCommand(query: query, json: json, language: language))
    }
}

extension CommandSpec {
    static let show = CommandSpec(
        name: .show, abstract: ["Show one Pokémon's Pokédex entry (offline)."],
        overview: """
            Show one Pokémon's entry from the local database: number, name and genus,
            generation, types, height and weight, abilities, the newest Pokédex text, the
            evolution line, weaknesses and resistances, base stats, gender ratio, egg
            groups, capture rate, varieties, the moves it learns and the places it is met
            in (of one game: --game), and artwork link. Never uses the network.
            On a terminal, the sprite 'sync' stored is drawn above the entry (--image).

            Accepts an id (25), a slug (pikachu) or a name as people write it in any stored
            language ("Mr. Mime", "Nidoran♀", "Farfetch’d", "Flabébé", ピカチュウ,
            ぴかちゅう, 피카츄): case, accents, punctuation, width and kana are folded.
            """,
        usages: [Usage(arguments: "<name-or-id>")],
        options: [
            LanguageOption.spec, SharedOptions.json, ShowArguments.image, ShowArguments.imageProtocol, GameOption.spec,
            ShowArguments.moves,
        ],
        argumentCompletions: [.stored(.pokemon)], build: ShowArguments.command)

    static let list = CommandSpec(
        name: .list, abstract: ["List Pokémon in id order (offline)."],
        overview: """
            List Pokémon from the local database in id order, a form beside its species'
            name (Raichu (Alola)). Never uses the network. When nothing stored matches, says
            so on stderr and exits 0.
            """,
        usages: [Usage()],
        options: [
            ListOptions.offset, ListOptions.limit, ListOptions.type, ListOptions.generation, ListOptions.learns,
            ListOptions.game, LanguageOption.spec, SharedOptions.jsonArray,
        ],
        build: ListOptions.command)

    static let type = CommandSpec(
        name: .type, abstract: ["Show a type's damage relations and Pokémon (offline)."],
        overview: """
            Show a type from the local database: the damage its moves deal to every type,
            the damage it takes from every type, and the stored Pokémon of that type.
            Accepts an id (10), a slug (fire) or the type's name in any stored language
            (Feuer, ほのお).
            """,
        usages: [Usage(arguments: "<name-or-id>")],
        options: [LanguageOption.spec, SharedOptions.json], argumentCompletions: [.stored(.type)],
        build: TypeArguments.command)

    static let ability = CommandSpec(
        name: .ability, abstract: ["Show an ability's effect and Pokémon (offline)."],
        overview: """
            Show an ability from the local database: its effect and the stored Pokémon that
            have it, marking those for which it is a hidden ability. Accepts an id (9), a
            slug (static) or the ability's name in any stored language (Statik, せいでんき).
            """,
        usages: [Usage(arguments: "<name-or-id>")],
        options: [LanguageOption.spec, SharedOptions.json], argumentCompletions: [.stored(.ability)],
        build: AbilityArguments.command)
}
