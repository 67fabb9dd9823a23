import PokedexStore
import SQLiteDatabase
import TerminalImages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `show`'s sprite above the entry, drawn through TerminalImages when `--image` and the
/// environment want it and one is stored. A stored image that does not decode costs one line
/// on stderr: the entry still prints.
extension CommandRunner {
    func drawSprite(of entry: PokedexEntry, _ command: ShowCommand, from database: Database) throws {
        guard
            let imageProtocol = ImageProtocol.toDraw(
                mode: command.image, forced: command.imageProtocol, environment: environment,
                outputIsTerminal: console.outputIsTerminal)
        else { return }
        let id = entry.profile.summary.id
        guard let png = try PokemonImageStore(database: database).body(pokemonID: id, kind: .sprite) else { return }
        do {
            let drawing = try DisplayText(
                drawing: png, with: imageProtocol, maxColumns: TerminalWidth.columns(environment: environment))
            if !drawing.text.isEmpty { console.print(drawing) }
        } catch {
            console.printError(
                "the stored sprite of \(entry.profile.summary.name) cannot be drawn (\(error)); "
                    + "`pokedex sync --artwork sprites --max-age 0` downloads it again")
        }
    }
}

/// How many columns the output has: the terminal's, else `COLUMNS`, else 80.
enum TerminalWidth {
    static func columns(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return 80
    }
}
