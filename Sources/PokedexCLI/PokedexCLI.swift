import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TextUtilities

/// The command-line front end: parses, calls the library, formats, and maps failures to
/// one `Error:` line and an exit status.
///
/// It knows everything but how to sync: that comes from `sync`, so that the query
/// commands' binary never loads libcurl and its TLS libraries, which the sync binary links.
public enum PokedexCLI {
    /// Runs `pokedex sync`. Failures it throws that are not `CommandFailure` or
    /// `ReportedFailure` are described as store errors or reported as bugs.
    public typealias SyncRunner = @Sendable (SyncCommand, SyncContext) async throws -> Void

    /// What a sync needs from the command line besides its own options.
    public struct SyncContext: Sendable {
        public let global: GlobalOptions
        public let environment: [String: String]
        public let console: Console
        public let databasePath: String
    }

    /// Runs `pokedex serve`, which lives in `pokedex-serve`: only it links libmicrohttpd (and
    /// GnuTLS with it), which would slow every query's start. The command-line binaries exec
    /// it; it runs the server itself. Given what a sync is given.
    public typealias ServeRunner = @Sendable (ServeCommand, SyncContext) throws -> Void

    /// Replaces this process with `pokedex-serve`, installed beside it.
    public static let execServeBinary: ServeRunner = { _, _ in try SiblingExecutable.exec(named: "pokedex-serve") }

    /// Runs the command line, `sync` through `sync`: the entry point of the sync binary.
    public static func run(
        arguments: [String], environment: [String: String], console: Console = .standard,
        sync: SyncRunner, serve: ServeRunner = execServeBinary
    ) async -> Int32 {
        switch start(arguments: arguments, environment: environment, console: console) {
        case .finished(let status):
            return status
        case .serve(let command, let context):
            return runServe(serve, command, context)
        case .sync(let command, let context):
            do {
                try await sync(command, context)
                return ExitCode.success.rawValue
            } catch {
                return report(error, console: context.console, isSync: true)
            }
        }
    }

    /// Runs the command line without Swift concurrency, handing `sync` to `handOffSync`
    /// (which execs the sync binary): the entry point of the query binary. An async entry
    /// point would start the concurrency runtime's threads, a visible part of a query's time.
    public static func run(
        arguments: [String], environment: [String: String], console: Console = .standard,
        handOffSync: (SyncCommand, SyncContext) throws -> Void, serve: ServeRunner = execServeBinary
    ) -> Int32 {
        switch start(arguments: arguments, environment: environment, console: console) {
        case .finished(let status):
            return status
        case .serve(let command, let context):
            return runServe(serve, command, context)
        case .sync(let command, let context):
            do {
                try handOffSync(command, context)
                return ExitCode.success.rawValue
            } catch {
                return report(error, console: context.console, isSync: true)
            }
        }
    }

    /// A command line after `start`: finished with an exit status, or a sync or a server left
    /// to run.
    private enum Started {
        case finished(Int32)
        case sync(SyncCommand, SyncContext)
        case serve(ServeCommand, SyncContext)
    }

    private static func runServe(_ serve: ServeRunner, _ command: ServeCommand, _ context: SyncContext) -> Int32 {
        do {
            try serve(command, context)
            return ExitCode.success.rawValue
        } catch {
            return report(error, console: context.console, isSync: false)
        }
    }

    /// Parses the arguments and runs every command but `sync`.
    private static func start(arguments: [String], environment: [String: String], console: Console) -> Started {
        // Base URLs given as flags may carry credentials too (`http://user:password@host`):
        // every argument's userinfo counts, so that a usage error cannot echo one either.
        let redacting = console.redacting(SecretRedactor(environment: environment, urls: arguments))
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            let console = redacting.colorsErrors(error.color, environment: environment)
            console.printError("\(console.errorLabel) \(error.message)")
            console.printError(DisplayText(sanitizing: HelpText.usageLine(error.command), keepingLineBreaks: true))
            console.printError("See '\(HelpText.reference(error.command))'.")
            return .finished(ExitCode.usage.rawValue)
        }
        let console = redacting.colorsErrors(invocation.global.color, environment: environment)
        let runner = CommandRunner(global: invocation.global, environment: environment, console: console)
        func context() throws -> SyncContext {
            SyncContext(
                global: invocation.global, environment: environment, console: console,
                databasePath: try runner.databasePath())
        }
        do {
            switch invocation.command {
            case .help(let topic): console.print(DisplayText(sanitizing: HelpText.help(topic), keepingLineBreaks: true))
            case .version: console.print("\(PokedexVersion.current)")
            case .sync(let command): return .sync(command, try context())
            case .serve(let command): return .serve(command, try context())
            case .show(let command): try runner.show(command)
            case .list(let command): try runner.list(command)
            case .type(let command): try runner.type(command)
            case .ability(let command): try runner.ability(command)
            case .resource(let command): try runner.resource(command)
            case .artwork(let command): try runner.artwork(command)
            case .get(let command): try runner.get(command)
            case .issues(let command): try runner.issues(command)
            case .issue(let command): try runner.issue(command)
            case .repos(let command): try runner.repos(command)
            case .browse(let command): try runner.browse(command)
            case .status(let command): try runner.status(command)
            case .completions(let shell):
                console.print(DisplayText(sanitizing: shell.completionScript(.pokedex), keepingLineBreaks: true))
            case .man(let topic):
                console.print(DisplayText(sanitizing: ManPage.page(topic?.spec, .pokedex), keepingLineBreaks: true))
            case .complete(let request): runner.complete(request)
            }
            if let failure = Console.standardOutputFailed() { throw failure }
            return .finished(ExitCode.success.rawValue)
        } catch {
            return .finished(report(error, console: console, isSync: invocation.command.isSync))
        }
    }

    /// Prints `error` as one line (unless it was already reported) and returns its exit status.
    private static func report(_ error: any Error, console: Console, isSync: Bool) -> Int32 {
        if let failure = error as? ReportedFailure { return failure.exitCode.rawValue }
        let (message, code) = describe(error)
        // A sync's lines are timestamped for cron's mail and logs; so is its error.
        let stamp = isSync && !console.errorIsTerminal ? UTCTime.now() + " " : ""
        // `message` may quote anything (a name asked for, a server's answer): sanitized here.
        console.printError("\(stamp)\(console.errorLabel) \(message)")
        return code.rawValue
    }

    /// The message and exit status of a failure from the store or the command line.
    public static func describe(_ error: any Error) -> (message: String, exitCode: ExitCode) {
        switch error {
        case let failure as CommandFailure:
            return (failure.message, failure.exitCode)
        case let error as StoreError:
            return (error.description, exitCode(for: error))
        case let error as DatabaseError:
            return describe(error)
        default:
            return ("unexpected failure (a bug in pokedex): \(error)", .internalError)
        }
    }

    /// SQLite failures while working: the file is damaged (74, never repaired here), or it
    /// cannot be written (73: disk full, file-size limit, I/O error, read-only).
    public static func describe(_ error: DatabaseError) -> (message: String, exitCode: ExitCode) {
        let file = error.path ?? "the database file"
        if error.isDamagedFile {
            // Without the statement: which query met the damage tells the user nothing.
            return (
                "\(file) is damaged (SQLite error \(error.code): \(error.message)); pokedex does not repair it: check it with "
                    + "`sqlite3 FILE 'PRAGMA integrity_check'`, or move it away and sync again", .databaseUnusable
            )
        }
        if error.isSchemaDamage {
            return (
                "\(file) is damaged or was changed by another program (\(error)); pokedex does not "
                    + "repair it: move it away and sync again", .databaseUnusable
            )
        }
        if error.isConstraintViolation {
            // pokedex's own statements keep its constraints; only data a server sent can break them.
            return (
                "a server sent data that contradicts itself (\(error)); what it was part of was rolled back and "
                    + "everything stored before is kept", .badServerData
            )
        }
        // Without the statement: which one met a full disk or a read-only file tells the user nothing.
        let sqlite = error.summary
        if error.isOutOfSpace {
            return (
                "cannot write \(file): the disk is full, or the file reached its size limit (\(sqlite)); the page "
                    + "being written was rolled back and everything stored before is kept", .cannotCreate
            )
        }
        if error.isBusy {
            // Another program's transaction (a sqlite3 shell, Datasette, a backup): pokedex's own
            // writers take turns by the writer lock first.
            return (
                "\(file) is locked by another program, for longer than \(Database.busyTimeoutMilliseconds / 1000) s "
                    + "(\(sqlite)); everything stored before is kept: try again later", .tryLater
            )
        }
        if error.isReadOnly {
            return (
                "cannot write \(file): it is read-only to this user (\(sqlite)); everything stored before is kept",
                .cannotCreate
            )
        }
        return ("cannot write \(file) (\(error)); everything stored before is kept", .cannotCreate)
    }

    static func exitCode(for error: StoreError) -> ExitCode {
        switch error {
        case .noDatabase, .noSchema: return .notFound
        case .locked, .lockedWithoutLogFiles, .lockedByAnotherProgram, .interruptedWrite: return .tryLater
        case .cannotOpen, .unusableLock: return .cannotCreate
        case .notADatabase, .schema, .needsUpgrade, .damagedSchema: return .databaseUnusable
        }
    }
}
