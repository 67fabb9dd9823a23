#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system facts the store needs, without loading Foundation (query commands
/// start faster without it).
package enum FileSystem {
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// What the path is when it is not a regular file ("a FIFO", "a directory"); nil for a
    /// regular file or nothing at all. Opening a FIFO would wait for a writer forever.
    package static func otherThanFile(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a regular file"
        }
    }

    /// The file's size in bytes, 0 when it does not exist.
    package static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The file's first `count` bytes (fewer when it is shorter), read-only; nil when it
    /// cannot be read.
    package static func prefix(of path: String, count: Int) -> [UInt8]? {
        // Non-blocking: a FIFO that appeared since the caller looked must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let received = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
        return received < 0 ? nil : Array(bytes.prefix(received))
    }
}
