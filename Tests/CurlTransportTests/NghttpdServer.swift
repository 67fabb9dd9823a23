import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// nghttp2's `nghttpd` on 127.0.0.1: HTTP/2 over TLS only (ALPN `h2`, no HTTP/1.1), serving a
/// directory of files, with a throwaway self-signed certificate for `IP:127.0.0.1` made by
/// `openssl`. Its verbose log names each TLS session (`[id=N]`) and the request fields every
/// stream carried, which is how a test sees which connection a request came over.
final class NghttpdServer {
    /// Whether `tool` (nghttpd, openssl) is on `PATH`: tests skip without it. CI installs both
    /// (`.ci/install-packages`).
    static func isInstalled(_ tool: String) -> Bool { ExecutableSearch.path(of: tool) != nil }

    let directory: TemporaryDirectory
    let port: Int
    /// The certificate, a PEM file: as a CA bundle, the one thing that makes the server trusted.
    var certificate: String { directory.file("cert.pem") }
    var baseURL: String { "https://127.0.0.1:\(port)" }
    private let process: Process

    /// Serves `files` (name → contents) from a fresh directory.
    init(files: [String: Data]) throws {
        directory = try TemporaryDirectory()
        let documents = directory.file("htdocs")
        try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
        for (name, contents) in files { try contents.write(to: URL(fileURLWithPath: documents + "/" + name)) }
        try Self.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                "-keyout", directory.file("key.pem"), "-out", directory.file("cert.pem"),
            ])
        // A free port can be taken between finding it and nghttpd binding it: then nghttpd
        // exits at once, and another port is tried.
        for _ in 0..<5 {
            let port = try Self.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ExecutableSearch.path(of: "nghttpd") ?? "nghttpd")
            process.arguments = [
                "-v", "--address=127.0.0.1", "--htdocs=\(documents)", String(port), directory.file("key.pem"),
                directory.file("cert.pem"),
            ]
            _ = FileManager.default.createFile(atPath: directory.file("nghttpd.log"), contents: nil)
            let log = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.file("nghttpd.log")))
            process.standardOutput = log
            process.standardError = log
            process.standardInput = FileHandle.nullDevice
            try process.run()
            try log.close()  // nghttpd has its own copy
            if Self.waitUntilAccepting(port: port, while: process) {
                self.port = port
                self.process = process
                return
            }
            Self.end(process)
        }
        throw Failure("nghttpd did not start listening: \(try Self.text(ofFile: directory.file("nghttpd.log")))")
    }

    deinit { stop() }

    /// A directory holding the certificate under its subject hash, as `CURLOPT_CAPATH` reads one.
    func certificateDirectory() throws -> String {
        let path = directory.file("ca")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: certificate, toPath: path + "/test-ca.pem")
        try Self.run("openssl", ["rehash", path])
        return path
    }

    /// Ends the server; idempotent. SIGKILL, not `terminate()`: the child inherits the signal
    /// mask of the dispatch thread that started it, SIGTERM blocked, and nghttpd keeps no
    /// state worth a graceful stop.
    func stop() { Self.end(process) }

    private static func end(_ process: Process) {
        guard process.isRunning else { return }
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The `:path` of every request stream, by the TLS session that carried it. nghttpd logs
    /// a stream's fields as they arrive, before it answers: once a response is in, so is its line.
    func pathsBySession() throws -> [Int: [String]] {
        var paths: [Int: [String]] = [:]
        // `[id=2] [  0.593] recv (stream_id=1) :path: /a.txt`
        for line in try log().split(separator: "\n") where line.contains(") :path: ") {
            guard line.hasPrefix("[id="), let close = line.firstIndex(of: "]"),
                let session = Int(line[line.index(line.startIndex, offsetBy: 4)..<close]),
                let path = line.components(separatedBy: ") :path: ").last
            else { continue }
            paths[session, default: []].append(path)
        }
        return paths
    }

    /// How many TLS handshakes nghttpd completed, and how many of them agreed on HTTP/2.
    func handshakes() throws -> (completed: Int, h2: Int) {
        let lines = try log().split(separator: "\n")
        return (
            lines.filter { $0 == "SSL/TLS handshake completed" }.count,
            lines.filter { $0 == "The negotiated protocol: h2" }.count
        )
    }

    /// What nghttpd wrote so far (its output is flushed line by line).
    func log() throws -> String { try Self.text(ofFile: directory.file("nghttpd.log")) }

    private static func text(ofFile path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExecutableSearch.path(of: tool) ?? tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("\(tool) \(arguments.joined(separator: " ")) failed")
        }
    }

    /// A port nothing listens on now: the one the system picks for a socket bound to port 0.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw Failure("socket: errno \(errno)") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard named else { throw Failure("bind: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether `port` accepts a connection within a few seconds, while `process` runs.
    private static func waitUntilAccepting(port: Int, while process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline {
            let descriptor = socket(AF_INET, streamSocket, 0)
            var address = loopback(port: port)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(descriptor)
            if connected { return true }
            usleep(20_000)
        }
        return false
    }

    #if canImport(Glibc)
        private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
        private static let streamSocket = SOCK_STREAM
    #endif

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }
}

/// An executable found the way a shell finds it: the first directory on `PATH` that has it.
enum ExecutableSearch {
    static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
