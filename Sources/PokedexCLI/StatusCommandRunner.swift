import JSONOutput
import LocalDatabase
import PokedexStore
import SQLiteDatabase

extension CommandRunner {
    func status(_ command: StatusCommand) throws {
        let path = try databasePath()
        let status = try StoreStatus.read(from: try LocalStore.openForReading(path: path))
        let holder = WriterLock.holder(forDatabase: path)
        // Runs recorded by an older pokedex may quote a credential: redacted here too.
        console.print(
            command.json
                ? DisplayText(json: console.redactor.redact(StatusJSON.render(status, syncHolder: holder)))
                : StatusText.render(
                    status, syncHolder: holder, now: UTCTime.nowSeconds(),
                    width: TerminalSize.columns(of: 1, environment: environment), redactor: console.redactor))
    }
}
