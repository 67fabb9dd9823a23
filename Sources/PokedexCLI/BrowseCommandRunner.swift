import LocalDatabase
import PokedexBrowse
import PokedexStore
import TerminalImages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `browse` runs on a full terminal or not at all: a script or a dumb terminal gets exit 64
/// and the commands to use.
extension CommandRunner {
    func browse(_ command: BrowseCommand) throws {
        guard TerminalSession.isAvailable() else {
            throw CommandFailure(
                message: "browse needs a terminal on standard input and output; "
                    + "for scripts use `pokedex show`, `list`, `issues` or `issue`",
                exitCode: .usage)
        }
        // A dumb terminal (Emacs' shell, some IDE consoles) would print the escapes as text.
        guard environment["TERM"] != "dumb" else {
            throw CommandFailure(
                message: "browse needs a terminal that moves the cursor, and TERM is dumb; "
                    + "use `pokedex show`, `list`, `issues` or `issue` there",
                exitCode: .usage)
        }
        let queries: PokedexEntryQueries
        let screens: [BrowseModel.Screen]
        var search = ""
        switch command.start {
        case .pokedex(let text):
            queries = try openQueries(language: command.language)
            screens = [.pokedex]
            search = text
        case .issues(let repository):
            // A repository named must be synced, as `issues` says of it.
            let database =
                try repository.map { try openArchive(for: $0).database }
                ?? LocalStore.openForReading(path: try databasePath())
            queries = PokedexEntryQueries(database: database)
            screens = [.repositories] + (repository.map { [.issues(repository: $0.description)] } ?? [])
        }
        let palette =
            global.color.colors(isTerminal: true, environment: environment) ? Palette(environment: environment) : nil
        let depth: ColorDepth = palette.map { $0.depth == .trueColor ? .trueColor : .indexed256 } ?? .none
        // Sprites as pictures where `show` would draw them so; otherwise in half blocks, as text.
        let chosen =
            palette == nil
            ? nil
            : ImageProtocol.toDraw(mode: .auto, forced: nil, environment: environment, outputIsTerminal: true)
        let pictures = chosen == .kitty || chosen == .iterm2 ? chosen : nil
        let source = BrowseStoreSource(queries: queries, palette: palette, pictures: pictures)
        let model = BrowseModel(source: source, screens: screens, searchText: search, columns: 80, rows: 24)
        let session = TerminalSession(deletesKittyImages: pictures == .kitty)
        let status = BrowseLoop(session: session, model: model, source: source, depth: depth).run()
        switch status {
        case 0: return
        case 128 + SIGINT: throw ReportedFailure(exitCode: .interrupted)
        default: throw ReportedFailure(exitCode: .terminated)
        }
    }
}
