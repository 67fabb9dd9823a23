import PokedexCLI
import PokedexSyncCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `pokedex sync …` execs this binary with its own arguments; run directly, it is the whole
// tool.
exit(await PokedexCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: processEnvironment(),
                          sync: SyncCommandRunner.run))
