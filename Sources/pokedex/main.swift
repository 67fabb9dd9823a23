import PokedexCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pokedex sync` runs in `pokedex-sync`, installed beside this binary: only it links
/// libcurl, so the query commands start without loading it.
func execSyncBinary(_ command: SyncCommand, _ context: PokedexCLI.SyncContext) throws {
    try SiblingExecutable.exec(named: "pokedex-sync")
}

exit(
    PokedexCLI.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: processEnvironment(),
        handOffSync: execSyncBinary))
