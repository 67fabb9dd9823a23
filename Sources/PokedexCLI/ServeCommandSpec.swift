#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pokedex serve`'s options. Defaults are a fresh `ServeCommand`'s: what help shows is what
/// the command gets.
enum ServeOptions {
    static let host = OptionSpec(
        name: "--host", value: .text, placeholder: "ADDRESS", defaultValue: .text(ServeCommand.defaultHost),
        help: [
            "Listen on this IP address (default: {default}, this machine only;",
            "0.0.0.0 or :: for every interface, said on stderr).",
        ])
    static let port = OptionSpec(
        name: "--port", value: .count(0...65_535), placeholder: "N", defaultValue: .number(ServeCommand.defaultPort),
        help: ["Listen on this port, 0 for any free one (default: {default})."])
    static let baseURL = OptionSpec(
        name: "--base-url", value: .url, placeholder: "URL",
        help: [
            "Where served links point (list pages, bodies' links, Link",
            "headers, images), e.g. a proxy's URL (default: the address",
            "listened on).",
        ])
    static let includePrivate = OptionSpec(
        name: "--include-private", value: .flag, help: ["Serve repositories that were synced as private too."])
    static let tokenFile = OptionSpec(
        name: "--token-file", value: .path, placeholder: "FILE",
        help: [
            "Require 'Authorization: Bearer TOKEN' on every request, TOKEN",
            "being FILE's first line (default: $POKEDEX_SERVE_TOKEN, else none).",
        ])
    static let maximumConnections = OptionSpec(
        name: "--max-connections", value: .count(1...10_000), placeholder: "N",
        defaultValue: .number(ServeCommand().maximumConnections),
        help: ["Serve at most N connections at once; past it, 503 (default: {default})."])
    static let timeout = OptionSpec(
        name: "--timeout", value: .count(1...3_600), placeholder: "SECONDS",
        defaultValue: .number(ServeCommand().timeoutSeconds),
        help: [
            "Close a connection idle this long, or whose request's head takes",
            "longer to arrive (default: {default}).",
        ])
    static let threads = OptionSpec(
        name: "--threads", value: .count(1...64), placeholder: "N", defaultValue: .number(ServeCommand().threads),
        help: ["Threads answering requests (default: {default})."])

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        if let extra = positionals.first { throw options.failure("unexpected argument '\(extra)'") }
        var serve = ServeCommand()
        serve.host = options.text(host) ?? serve.host
        guard isAddress(serve.host) else {
            throw options.failure("--host needs an IP address such as 127.0.0.1 or ::1, not '\(serve.host)'")
        }
        serve.port = try options.count(port) ?? serve.port
        serve.baseURL = try options.url(baseURL)
        if let url = serve.baseURL, let problem = baseURLProblem(url) { throw options.failure("--base-url \(problem)") }
        serve.includePrivate = options.flag(includePrivate)
        serve.tokenFile = options.text(tokenFile)
        serve.maximumConnections = try options.count(maximumConnections) ?? serve.maximumConnections
        serve.timeoutSeconds = try options.count(timeout) ?? serve.timeoutSeconds
        serve.threads = try options.count(threads) ?? serve.threads
        return .serve(serve)
    }

    /// Why links under `url` would be broken, nil when they would not: each is the URL with a
    /// path appended, so a query or fragment would end up in the middle of every one, and
    /// credentials would be copied into every body. The scheme was checked already.
    static func baseURLProblem(_ url: String) -> String? {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let rest = url[separator.upperBound...]
        if rest.contains("?") { return "cannot have a query ('?…'): served links append paths to it" }
        if rest.contains("#") { return "cannot have a fragment ('#…'): served links append paths to it" }
        let authority = rest.prefix { $0 != "/" }
        if authority.contains("@") {
            return "cannot carry credentials ('user:password@'): every link would repeat them"
        }
        // An IPv6 literal's colons are inside its brackets; the port's comes after them.
        let hostEnd = authority.hasPrefix("[") ? authority.firstIndex(of: "]").map(authority.index(after:)) : nil
        let colon = authority[(hostEnd ?? authority.startIndex)...].firstIndex(of: ":")
        let host = authority[..<(colon ?? authority.endIndex)]
        if authority.hasPrefix("["), hostEnd == nil { return "has an IPv6 address without its closing ']'" }
        if host.isEmpty || host == "[]" { return "needs a host name, not '\(host)'" }
        guard let colon else { return nil }
        let port = authority[authority.index(after: colon)...]
        guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(port), (1...65_535).contains(number)
        else { return "has port '\(port)'; a port is a number from 1 to 65535" }
        return nil
    }

    /// What the server can bind: a numeric IPv4 or IPv6 address (`fe80::1%eth0` with its
    /// scope), or `localhost`, read as the server reads it. Checked here so that a mistyped one
    /// is a usage error, not a failure to listen.
    static func isAddress(_ host: String) -> Bool {
        guard host != "localhost" else { return true }
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST
        hints.ai_family = AF_UNSPEC
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &found) == 0 else { return false }
        freeaddrinfo(found)
        return true
    }
}

extension CommandSpec {
    static let serve = CommandSpec(
        name: .serve,
        abstract: ["Serve the database as PokeAPI and GitHub (offline)."],
        overview: """
            Answer PokeAPI's requests at /api/v2/ and GitHub's REST API's at /api/v3/
            (GitHub Enterprise's layout) from the database, as those APIs answer them, so
            that apps, API clients and other pokedex syncs work without the network.
            Read-only: a sync may run meanwhile, and each request sees what it last
            committed. The first line on stderr is the URL served, then one line per
            request (-q: none). SIGINT or SIGTERM lets the requests in flight finish,
            then exits 0. See docs/serve.md.
            """,
        usages: [Usage()],
        options: [
            ServeOptions.host, ServeOptions.port, ServeOptions.baseURL, ServeOptions.includePrivate,
            ServeOptions.tokenFile, ServeOptions.maximumConnections, ServeOptions.timeout, ServeOptions.threads,
        ],
        build: ServeOptions.command)
}
