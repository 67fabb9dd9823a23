import CurlTransport
import PokedexCLI
import PokedexSync
import PokedexSyncCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

shareMallocArenas()
// `pokedex sync …` execs this binary with its own arguments; run directly, it is the whole
// tool. The production transport is chosen here, at the edge: the engine takes whatever
// transport it is given, and the transport the CA certificates the environment names.
exit(
    await PokedexCLI.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: processEnvironment(),
        sync: { command, context in
            let trust = TLSTrust(environment: context.environment)
            try await SyncCommandRunner.run(command, context, transports: CurlTransport.factory(trust: trust))
        }))
