#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process environment, read without Foundation.
public func processEnvironment() -> [String: String] {
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

/// Another executable installed in the same directory as the running one.
public enum SiblingExecutable {
    public static func path(named name: String) -> String {
        let own = runningExecutablePath()
        guard let slash = own.lastIndex(of: "/") else { return name }
        return String(own[...slash]) + name
    }

    /// Replaces this process with the sibling `name`, run with this process's arguments;
    /// throws only when that fails.
    public static func exec(named name: String) throws(CommandFailure) {
        let path = path(named: name)
        var arguments = CommandLine.arguments
        arguments[0] = path
        let argv = arguments.map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        throw CommandFailure(
            message: "cannot run \(path) (\(reason)): \(name) must be installed beside pokedex",
            exitCode: .missingFile)
    }

    /// The running binary's path, symbolic links resolved, so a link in ~/bin to the
    /// installed binary still finds its sibling.
    private static func runningExecutablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
            var size = UInt32(buffer.count)
            if _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
        #else
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if count > 0 {
                return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        #endif
        return CommandLine.arguments.first ?? ""
    }
}
