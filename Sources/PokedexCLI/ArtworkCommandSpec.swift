import PokedexStore

/// `pokedex artwork NAME [--official | --shiny] [-o FILE]`.
enum ArtworkOptions {
    static let official = OptionSpec(
        name: "--official", value: .flag, help: ["The official artwork (stored by 'sync --artwork all')."])
    static let shiny = OptionSpec(
        name: "--shiny", value: .flag, help: ["The shiny sprite (stored by 'sync --artwork all')."])
    static let output = OptionSpec(
        name: "--output", shortName: "-o", value: .text, placeholder: "FILE",
        help: ["Write the PNG to FILE instead of standard output."])

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        var artwork = ArtworkCommand(query: try NameArgument.single(positionals, options, what: "Pokémon"))
        switch (options.flag(official), options.flag(shiny)) {
        case (true, true): throw options.failure("--official and --shiny exclude each other")
        case (true, false): artwork.kind = .official
        case (false, true): artwork.kind = .shiny
        case (false, false): break
        }
        if let path = options.text(output) {
            guard !path.isEmpty else { throw options.failure("--output needs a file name") }
            artwork.outputPath = path
        }
        return .artwork(artwork)
    }
}

extension CommandSpec {
    static let artwork = CommandSpec(
        name: .artwork, abstract: ["Write a stored sprite or artwork as PNG (offline)."],
        overview: """
            Write the PNG stored for a Pokémon, byte for byte as the image host sent it:
            its sprite, or with --shiny or --official the images 'sync --artwork all'
            stores. To standard output (never to a terminal) or to -o FILE. Names and ids
            are looked up as 'show' does. Never uses the network.
            """,
        usages: [
            Usage(
                arguments: "<name-or-id>",
                options: [.oneOf([ArtworkOptions.official, ArtworkOptions.shiny]), .option(ArtworkOptions.output)])
        ],
        options: [ArtworkOptions.official, ArtworkOptions.shiny, ArtworkOptions.output],
        build: ArtworkOptions.command)
}
