import HTTPServer
import PokedexCLI
import PokedexServe
import TextUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `pokedex serve`: opens the database read-only, binds the socket, says where it
/// serves, answers until SIGINT or SIGTERM, then lets the requests in flight finish.
public enum ServeCommandRunner {
    public static let run: PokedexCLI.ServeRunner = { command, context in
        let token = try bearerToken(command, environment: context.environment)
        let store = try StoreReader(path: context.databasePath)
        let socket: ListeningSocket
        do {
            socket = try ListeningSocket.listening(host: command.host, port: command.port)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: .unavailable)
        }
        let listened = "http://\(socket.host):\(socket.port)"
        let baseURL = command.baseURL ?? (socket.isWildcard ? "http://\(hostName()):\(socket.port)" : listened)
        let log = AccessLog()
        let router = PokedexRouter(
            store: store, configuration: ServeConfiguration(baseURL: baseURL, includePrivate: command.includePrivate),
            log: log)
        let limits = ServerLimits(
            connections: command.maximumConnections, timeoutSeconds: command.timeoutSeconds, threads: command.threads)
        let server = HTTPServer(
            socket: socket, limits: limits, log: context.global.quiet ? nil : log, token: token,
            handler: router.respond, refusal: router.refusal)
        do {
            try server.start()
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: .unavailable)
        }
        log.writeLine(listened + "\n")
        // A line each, so that prose stays within 80 columns.
        if !socket.isLoopback {
            log.writeLine("pokedex serve: listening on \(socket.host), reachable from other machines\n")
            if token == nil {
                log.writeLine("pokedex serve: no token is required (--token-file sets one)\n")
                if command.includePrivate {
                    log.writeLine("pokedex serve: private repositories are served to anyone who connects\n")
                }
            }
            log.writeLine("pokedex serve: links point at \(baseURL)\n")
        } else if command.baseURL != nil {
            log.writeLine("pokedex serve: links point at \(baseURL)\n")
        }
        server.waitForStopSignal()
        server.stop()
    }

    /// The token from `--token-file` (its first line, blanks around it left out), else
    /// `POKEDEX_SERVE_TOKEN` (the same); nil for none.
    static func bearerToken(_ command: ServeCommand, environment: [String: String]) throws -> BearerToken? {
        let text: String
        if let file = command.tokenFile {
            let contents: [UInt8]
            do {
                contents = try readFile(file)
            } catch {
                throw CommandFailure(message: "cannot read the token file \(file): \(error)", exitCode: .usage)
            }
            text = TokenLine.first(contents)
        } else if let value = environment["POKEDEX_SERVE_TOKEN"] {
            text = TokenLine.first(Array(value.utf8))
        } else {
            return nil
        }
        let source = command.tokenFile.map { "the token file \($0)'s first line" } ?? "POKEDEX_SERVE_TOKEN"
        guard TokenLine.isPrintable(text) else { throw CommandFailure.unprintableToken(from: source) }
        guard let token = BearerToken(text) else {
            throw CommandFailure(message: "\(source) is empty: no token to require", exitCode: .usage)
        }
        return token
    }

    /// Why a file could not be read: the system's words (no such file or directory, is a
    /// directory, permission denied).
    struct ReadFailure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)).lowercased() }
    }

    /// The file's first 64 KB at most: a token is one line, and a huge file is not read whole.
    private static func readFile(_ path: String) throws(ReadFailure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ReadFailure(code: errno) }
        defer { close(descriptor) }
        var status = stat()
        // A directory opens, and reading it fails with EISDIR; said before that, plainly.
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw ReadFailure(code: EISDIR) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= 64 * 1024 {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ReadFailure(code: errno) }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// This machine's name, for links when listening on every interface.
    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
