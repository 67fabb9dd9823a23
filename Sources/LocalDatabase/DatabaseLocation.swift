#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the database lives: `--db`, else `$POKEDEX_DB`, else the XDG data directory.
public enum DatabaseLocation {
    public static func resolve(explicit: String?, environment: [String: String]) -> String? {
        if let explicit { return explicit }
        if let fromEnvironment = environment["POKEDEX_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/pokedex/pokedex.sqlite"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/pokedex/pokedex.sqlite"
    }

    /// The file `path` names, with every symbolic link and `.`/`..` resolved: itself where it
    /// exists; else, for a link to a file not made yet, where that file will be; else `path`
    /// in its directory resolved; `path` as given when even that directory does not exist.
    public static func resolvedFile(_ path: String) -> String {
        if let resolved = canonical(path) { return resolved }
        let target = linkTarget(path) ?? path
        let file = target.split(separator: "/").last.map(String.init) ?? target
        guard let directory = canonical(directory(of: target)) else { return path }
        return directory == "/" ? "/" + file : directory + "/" + file
    }

    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where a symbolic link at `path` points, relative targets taken from its directory.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : directory(of: path) + "/" + target
    }

    /// The directory `path` is in: "." for a bare file name.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates the directories above `path` that do not exist yet (like `mkdir -p`).
    public static func createParentDirectory(of path: String) throws(StoreError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        guard !components.isEmpty else { return }
        var current = ""
        if components.first == "" {
            current = "/"
            components = components.dropFirst()
        }
        for component in components where !component.isEmpty {
            current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + component
            if FileSystem.isDirectory(current) { continue }
            if FileSystem.exists(current) {
                throw .cannotOpen(path: path, reason: "cannot create directory \(current): a file of that name exists")
            }
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw .cannotOpen(
                    path: path, reason: "cannot create directory \(current): \(String(cString: strerror(errno)))")
            }
        }
    }
}
