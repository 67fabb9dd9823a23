#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `-o FILE`: bytes written to a file without Foundation, replacing what it held.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        let written = bytes.withUnsafeBytes { Console.writeAll($0, to: descriptor) }
        let failed = written ? nil : failure(path)
        guard close(descriptor) == 0 || failed != nil else { throw failure(path) }
        if let failed { throw failed }
    }

    private static func failure(_ path: String) -> CommandFailure {
        CommandFailure(message: "cannot write \(path): \(String(cString: strerror(errno)))", exitCode: .cannotCreate)
    }
}
