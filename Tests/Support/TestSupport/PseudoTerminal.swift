import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run on a pseudo-terminal of its own, as a person at a terminal runs it: its
/// standard input, output and error are the terminal (its controlling one, in a session of its
/// own), and everything it writes is collected as it arrives.
public final class PseudoTerminal: @unchecked Sendable {
    public let pid: pid_t
    private let master: Int32
    private let lock = NSLock()
    private var collected: [UInt8] = []
    private var exitStatus: Int32?
    private let reader = DispatchGroup()

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `executable arguments…` with `environment` on a terminal of `columns` × `rows`.
    public init(
        executable: String, _ arguments: [String], environment: [String: String], columns: Int = 80, rows: Int = 24
    ) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0, let slavePath = Self.unlockedSlave(of: master) else {
            throw SpawnError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened by the new session's leader, the terminal becomes its controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Nothing else of the test process's descriptors: a pipe's write end held by this child
        // would keep another test's reader from seeing its end.
        #if os(Linux)
            // Looked up: the Glibc module leaves glibc's own extension out.
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
                _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            }
            posix_spawnattr_setflags(&attributes, Self.spawnSetsid)
        #else
            posix_spawnattr_setflags(&attributes, Self.spawnSetsid | Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
        reader.enter()
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = Glibc.read(master, &buffer, buffer.count)
                if count <= 0 { break }  // EIO once the child's side is closed
                lock.withLock { collected += buffer[0..<count] }
            }
            reader.leave()
        }
        thread.start()
    }

    #if os(Linux)
        /// glibc's POSIX_SPAWN_SETSID and Linux's TIOCSPTLCK and TIOCGPTN (the ioctl numbers of
        /// x86-64 and arm64), which the Glibc module leaves out.
        private static let spawnSetsid: Int16 = 0x80
        private static let unlockRequest: UInt = 0x4004_5431
        private static let numberRequest: UInt = 0x8004_5430

        /// The terminal side's path, once unlocked (TIOCSPTLCK, then its number: TIOCGPTN).
        private static func unlockedSlave(of master: Int32) -> String? {
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(master, unlockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
                return nil
            }
            return "/dev/pts/\(number)"
        }
    #else
        private static let spawnSetsid = Int16(POSIX_SPAWN_SETSID)

        private static func unlockedSlave(of master: Int32) -> String? {
            guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else { return nil }
            return String(cString: name)
        }
    #endif

    deinit {
        if exitStatus == nil { kill(pid, SIGKILL) }
        close(master)
    }

    /// Everything written so far, as text.
    public var text: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

    /// Waits until what was written satisfies `condition`, at most `timeout`; whether it did.
    @discardableResult
    public func wait(for timeout: Duration, until condition: (String) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(text) { return true }
            usleep(10_000)
        }
        return condition(text)
    }

    /// Types `text` at the terminal.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// The terminal's new size; the kernel tells the program with SIGWINCH.
    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// The exit status (128 + signal for a signal), once the program ended within `timeout`;
    /// nil if it is still running.
    public func exit(within timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                _ = reader.wait(timeout: .now() + 2)
                return exitStatus
            }
            usleep(10_000)
        }
        return nil
    }
}
