import PokedexStore

/// `pokedex artwork NAME [--official | --shiny] [-o FILE]`.
enum ArtworkOptions {
    static let official = OptionSpec(
        name: "--official", value: .flag, help: ["The official artwork (stored by 'sync --artwork all')."],
        group: "image")
    static let shiny = OptionSpec(
        name: "--shiny", value: .flag, help: ["The shiny sprite (stored by 'sync --artwork all')."],
        group: "image")
    static let output = SharedOptions.output(help: ["Write the PNG to FILE instead of standard output."])

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        var artwork = ArtworkCommand(query: try NameArgument.single(positionals, options, what: "Pokémon"))
        // The two exclude each other (their group).
        if options.flag(official) { artwork.kind = .official } else if options.flag(shiny) { artwork.kind = .shiny }
        artwork.outputPath = options.text(output)
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
        usages: [Usage(arguments: "<name-or-id>")],
        options: [ArtworkOptions.official, ArtworkOptions.shiny, ArtworkOptions.output],
        argumentCompletions: [.stored(.pokemon)], build: ArtworkOptions.command)
}
