#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals a full-screen app answers, turned into bytes on a pipe that its loop polls
/// beside the keyboard: the handler does nothing but write the signal's number, which is safe
/// in a handler. Crash signals instead restore the terminal in the handler itself (`write` and
/// `tcsetattr` are async-signal-safe) and die as they would have.
enum TerminalSignals {
    /// Those the loop handles: quit (INT, TERM, HUP), suspend (TSTP), resume (CONT), resize.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]
    /// Crashes, and the other signals whose default is to end the process (Ctrl-\'s QUIT, a
    /// stray USR1 or ALRM): each restores the terminal first.
    static let fatal: [Int32] = [
        SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM,
        SIGPROF, SIGXCPU, SIGXFSZ,
    ]

    /// The pipe's ends; set once, before any handler is installed.
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    /// What a crash writes and the terminal settings it puts back (`TerminalSession.enter`).
    nonisolated(unsafe) static var restoreBytes: UnsafeMutableBufferPointer<UInt8>?
    nonisolated(unsafe) static var savedSettings: termios?
    nonisolated(unsafe) static var terminalDescriptors: (input: Int32, output: Int32) = (0, 1)

    /// The signals of `fatal` that were ignored when browse started (QUIT for a job a
    /// non-interactive shell put in the background, a profiler's PROF): left ignored.
    nonisolated(unsafe) private static var ignoredFatal: Set<Int32>?

    /// Opens the pipe (non-blocking both ways) and installs the handlers.
    static func install() {
        if readEnd < 0 {
            guard let ends = WakePipe.open() else { return }
            (readEnd, writeEnd) = ends
        }
        if ignoredFatal == nil { ignoredFatal = Set(fatal.filter(isIgnored)) }
        for number in handled { handle(number, with: forward) }
        for number in fatal where ignoredFatal?.contains(number) != true { handle(number, with: restoreAndDie) }
        // A parent may start it with them blocked (a thread pool's spawn does): they would
        // then never reach the handlers, and a SIGTERM would leave the terminal raw.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in handled + fatal { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Set by the SIGCONT handler ``noteContinuations()`` installs: whether a stop ended.
    nonisolated(unsafe) static var wasContinued = false

    /// SIGCONT noted in ``wasContinued`` (only that: the loop's pipe is not read meanwhile).
    static func noteContinuations() {
        handle(SIGCONT) { _ in TerminalSignals.wasContinued = true }
    }

    /// Whether SIGTTOU would stop this process: neither ignored nor blocked.
    static func stopsOnTTOU() -> Bool {
        var blocked = sigset_t()
        guard pthread_sigmask(SIG_BLOCK, nil, &blocked) == 0 else { return false }
        return !isIgnored(SIGTTOU) && sigismember(&blocked, SIGTTOU) == 0
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(number, nil, &action) == 0 else { return false }
        #if canImport(Glibc)
            let handler = action.__sigaction_handler.sa_handler
        #else
            let handler = action.__sigaction_u.__sa_handler
        #endif
        // SIG_IGN is the handler 1 on Linux and macOS.
        return handler.map { unsafeBitCast($0, to: Int.self) } == 1
    }

    /// Back to the default action (before suspending, and for good on leaving).
    static func uninstall() {
        for number in handled + fatal where ignoredFatal?.contains(number) != true { _ = signal(number, SIG_DFL) }
    }

    static func handle(_ number: Int32, with handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }

    /// The signals that arrived since the last call, in order.
    static func drain() -> [Int32] {
        WakePipe.drain(readEnd).map(Int32.init)
    }

    private static let forward: @convention(c) (Int32) -> Void = { number in
        let saved = errno
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(TerminalSignals.writeEnd, &byte, 1)
        errno = saved
    }

    private static let restoreAndDie: @convention(c) (Int32) -> Void = { number in
        if let bytes = TerminalSignals.restoreBytes {
            _ = write(TerminalSignals.terminalDescriptors.output, bytes.baseAddress, bytes.count)
        }
        if var settings = TerminalSignals.savedSettings {
            _ = tcsetattr(TerminalSignals.terminalDescriptors.input, TCSANOW, &settings)
        }
        _ = signal(number, SIG_DFL)
        _ = raise(number)
    }
}
