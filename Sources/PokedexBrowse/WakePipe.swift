#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that wakes the loop's `poll`: a signal handler or another thread writes a byte to
/// it, and the loop reads what came. Both ends are non-blocking, so neither side ever waits on
/// it, and closed on exec.
enum WakePipe {
    /// The ends, read and write; nil when no pipe could be opened.
    static func open() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    /// Every byte written since the last call, in order.
    static func drain(_ readEnd: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64)
        var drained: [UInt8] = []
        while true {
            let count = read(readEnd, &bytes, bytes.count)
            guard count > 0 else { return drained }
            drained += bytes[0..<count]
        }
    }
}
