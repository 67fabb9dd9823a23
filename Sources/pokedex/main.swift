import PokedexCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pokedex sync` runs in `pokedex-sync`, installed beside this binary: only it links
/// libcurl, so the query commands start without loading it.
func execSyncBinary(_ command: SyncCommand, _ context: PokedexCLI.SyncContext) throws {
    let path = SiblingExecutable.path(named: "pokedex-sync")
    var arguments = CommandLine.arguments
    arguments[0] = path
    let argv = arguments.map { strdup($0) } + [nil]
    execv(path, argv)
    // Only reached when exec failed.
    let reason = String(cString: strerror(errno))
    throw CommandFailure(
        message: "cannot run \(path) (\(reason)): pokedex-sync must be installed beside pokedex",
        exitCode: .missingFile)
}

exit(
    PokedexCLI.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: processEnvironment(),
        handOffSync: execSyncBinary))
