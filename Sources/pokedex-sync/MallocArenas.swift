#if canImport(Glibc)
    import Glibc
#endif

/// Caps glibc's malloc arenas at 2, so that threads share the arenas there are instead of
/// each getting one of its own (glibc allows 8 per core). A process-wide setting, so it is
/// made here, before any thread starts, and not by a library.
///
/// Each detail body is allocated on the transport's thread, copied on a task's, and copied
/// again into SQLite on the writer's; an arena keeps what is freed in it for its own
/// threads to reuse, so with an arena per thread each kept its own megabytes of freed
/// body-sized chunks; the cap saves that memory and costs no time. `mallopt` is looked up
/// because the Glibc module lacks malloc.h.
func shareMallocArenas() {
    #if canImport(Glibc)
        typealias Mallopt = @convention(c) (_ parameter: Int32, _ value: Int32) -> Int32
        let arenaMaximum: Int32 = -8  // M_ARENA_MAX
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaximum, 2)
    #endif
}
