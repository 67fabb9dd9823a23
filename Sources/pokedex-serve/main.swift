import PokedexCLI
import PokedexServeCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `pokedex serve …` execs this binary with its own arguments; run directly, it runs every
// command but `sync`, which it hands to `pokedex-sync` as `pokedex` does.
exit(
    PokedexCLI.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: processEnvironment(),
        handOffSync: { _, _ in try SiblingExecutable.exec(named: "pokedex-sync") }, serve: ServeCommandRunner.run))
