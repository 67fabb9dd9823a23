import PokedexStore
import SQLiteDatabase
import TerminalImages

/// `show`'s sprite above the entry, drawn through TerminalImages when `--image` and the
/// environment want it and one is stored. A stored image that does not decode costs one line
/// on stderr: the entry still prints.
extension CommandRunner {
    func drawSprite(of entry: PokedexEntry, _ command: ShowCommand, from database: Database) throws {
        // `--color never` asks for no escape sequences, which is what `auto` heeds NO_COLOR for.
        guard
            command.image != .auto || global.color != .never,
            let imageProtocol = ImageProtocol.toDraw(
                mode: command.image, forced: command.imageProtocol, environment: environment,
                outputIsTerminal: console.outputIsTerminal)
        else { return }
        let id = entry.profile.summary.id
        guard let png = try PokemonImageStore(database: database).body(pokemonID: id, kind: .sprite) else { return }
        do {
            let drawing = try DisplayText(drawing: png, with: imageProtocol, maxColumns: layout.width)
            // A blank line sets the drawing apart from the entry's name.
            if !drawing.text.isEmpty { console.print(drawing + "\n") }
        } catch {
            console.printError(
                "the stored sprite of \(entry.profile.summary.name) cannot be drawn (\(error)); "
                    + "`pokedex sync --artwork sprites --max-age 0` downloads it again")
        }
    }
}
