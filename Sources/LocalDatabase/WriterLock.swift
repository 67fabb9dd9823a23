#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One writer at a time per database: an advisory `flock` on `DATABASE.lock`, held for the
/// life of this value. The kernel drops it when the holder exits, even on `kill -9`, so a
/// stale lock never blocks the next run. Readers never take it (WAL lets them read while a
/// sync writes).
public final class WriterLock {
    public let path: String
    private let descriptor: Int32

    /// Takes the lock, polling for up to `wait` while another process holds it.
    public static func acquire(forDatabase databasePath: String, wait: Duration) async throws -> WriterLock {
        var attempt = try Attempt(databasePath, wait: wait)
        while try !attempt.taken() {
            do {
                try await Task.sleep(for: Attempt.interval)
            } catch {
                close(attempt.descriptor)
                throw error
            }
        }
        return attempt.lock()
    }

    /// Takes the lock without waiting for another writer, for a command that runs without a
    /// concurrency runtime (`repos --forget`).
    public static func acquire(forDatabase databasePath: String) throws -> WriterLock {
        var attempt = try Attempt(databasePath, wait: .zero)
        while try !attempt.taken() { usleep(useconds_t(Attempt.interval / .microseconds(1))) }
        return attempt.lock()
    }

    /// One acquisition's lock file and deadline.
    private struct Attempt {
        let databasePath: String
        private(set) var descriptor: Int32
        let wait: Duration
        let deadline: ContinuousClock.Instant
        static let interval: Duration = .milliseconds(100)

        init(_ databasePath: String, wait: Duration) throws {
            self.databasePath = databasePath
            self.wait = wait
            descriptor = try Self.openLockFile(databasePath)
            // Even without --wait, ride out the microseconds a `status` probe holds the lock.
            deadline = .now + max(wait, .milliseconds(300))
        }

        private static func openLockFile(_ databasePath: String) throws -> Int32 {
            // Never through a link, nor into anything but a file: a lock planted as a link to
            // another file would have a sync (root's cron) write its holder line there.
            let lockPath = WriterLock.lockPath(forDatabase: databasePath)
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor < 0 || isLockFile(descriptor) else {
                close(descriptor)
                throw StoreError.unusableLock(
                    path: lockPath,
                    reason: "it is not a file of its own (a FIFO, a device, or a hard link to another file): remove it")
            }
            guard descriptor >= 0 else {
                guard errno != ELOOP else {
                    throw StoreError.unusableLock(
                        path: lockPath,
                        reason: "it is a symbolic link, which a lock must not be: remove it")
                }
                let reason = String(cString: strerror(errno))
                // The lock is the first file a sync makes: a directory it may not write is named.
                guard errno == EACCES || errno == EROFS, !FileSystem.exists(lockPath) else {
                    throw StoreError.unusableLock(path: lockPath, reason: reason)
                }
                throw StoreError.cannotOpen(
                    path: databasePath,
                    reason:
                        "its directory \(DatabaseLocation.directory(of: lockPath)) is not writable (\(reason)); "
                        + "a sync keeps the database, its lock and its log there")
            }
            return descriptor
        }

        /// Whether the lock is taken now; past the deadline, the holder as an error. A lock
        /// won on a file no longer at its path (a first sync that failed removes the database,
        /// its log and its lock while another waits) locks nothing the next writer sees: the
        /// path's file is opened again and tried.
        mutating func taken() throws -> Bool {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                guard !Self.isStillAtPath(descriptor, WriterLock.lockPath(forDatabase: databasePath)) else {
                    return true
                }
                close(descriptor)
                descriptor = try Self.openLockFile(databasePath)
                return false
            }
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                let holder = WriterLock.holder(descriptor)
                close(descriptor)
                throw StoreError.locked(path: databasePath, holder: holder, waited: wait)
            }
            return false
        }

        /// A regular file of one name: a hard link planted at the path is another file's too.
        static func isLockFile(_ descriptor: Int32) -> Bool {
            var opened = stat()
            return fstat(descriptor, &opened) == 0 && opened.st_mode & S_IFMT == S_IFREG && opened.st_nlink == 1
        }

        private static func isStillAtPath(_ descriptor: Int32, _ path: String) -> Bool {
            var opened = stat()
            var named = stat()
            guard fstat(descriptor, &opened) == 0, lstat(path, &named) == 0 else { return false }
            return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
        }

        func lock() -> WriterLock {
            let lock = WriterLock(path: WriterLock.lockPath(forDatabase: databasePath), descriptor: descriptor)
            lock.recordHolder()
            return lock
        }
    }

    /// Who holds the lock ("pid N since TIME"), or nil when no sync is running. Takes a
    /// shared lock for an instant to find out, and never creates the lock file.
    public static func holder(forDatabase databasePath: String) -> String? {
        // Not blocking on a FIFO planted there, which no sync's lock is.
        let descriptor = open(lockPath(forDatabase: databasePath), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard Attempt.isLockFile(descriptor) else { return nil }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        return holder(descriptor)
    }

    /// `DATABASE.lock` beside the database's file, its symbolic links followed (as SQLite
    /// follows them to put its log there): two syncs given a link and its target, or paths
    /// through a linked directory, take one lock, and so does a link to a database not made yet
    /// before and after a first sync makes it.
    public static func lockPath(forDatabase databasePath: String) -> String {
        DatabaseLocation.resolvedFile(databasePath) + ".lock"
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Deletes the lock file while holding its lock: for a sync that created it and used
    /// nothing. A writer that then wins the removed file's lock sees it is no longer at its
    /// path and takes the path's.
    public func remove() {
        unlink(path)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Writes "pid N since TIME" so a process that finds the lock taken can say who holds it.
    private func recordHolder() {
        let text = "pid \(getpid()) since \(UTCTime.now())\n"
        ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    fileprivate static func holder(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let text = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? "another process" : line
    }
}
