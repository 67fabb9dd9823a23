#if canImport(Glibc)
    import Glibc
#endif

/// Memory the process has freed but glibc's malloc still holds.
enum FreedMemory {
    /// Hands it back to the system (`malloc_trim`): once a sync's bodies are freed, glibc
    /// keeps megabytes of them in its arenas. Elsewhere a no-op. `malloc_trim` is looked
    /// up because the Glibc module lacks malloc.h.
    static func returnToSystem() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (_ padding: Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
