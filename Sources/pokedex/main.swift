import PokedexCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment, read without Foundation.
func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return environment
}

exit(await PokedexCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: processEnvironment()))
