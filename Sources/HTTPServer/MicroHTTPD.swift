import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libmicrohttpd's callbacks, as C function pointers: each finds the server in its closure
/// argument and hands over. They run on libmicrohttpd's threads, so nothing here is isolated
/// to an actor.
enum MicroHTTPD {
    /// Called when a request's head is complete (first), then until its body is read: see
    /// ``HTTPServer/access(_:url:method:version:uploadSize:context:)``.
    static let accessHandler: MHD_AccessHandlerCallback = {
        cls, connection, url, method, version, _, uploadSize, context in
        guard let cls, let connection, let url, let method, let uploadSize, let context else { return .NO }
        return server(cls).access(
            connection, url: originForm(escapingRawBytes(url)), method: String(cString: method),
            version: version.map { String(cString: $0) } ?? "", uploadSize: uploadSize, context: context)
    }

    static let connectionNotice: MHD_NotifyConnectionCallback = { cls, connection, _, code in
        guard let cls, let connection else { return }
        switch code {
        case .CONNECTION_NOTIFY_STARTED:
            server(cls).watch.opened(connection, descriptor: pokedex_mhd_connection_fd(connection))
        default:
            server(cls).watch.closed(connection)
        }
    }

    static let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, context, _ in
        guard let cls, let context, let pointer = context.pointee else { return }
        context.pointee = nil
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
        let server = server(cls)
        if !state.arrivedWhileStopping { server.inFlight.subtract(1, ordering: .relaxed) }
        if let connection {
            server.watch.requestFinished(connection)
        }
    }

    /// A request target's part (its path, a query parameter's name or value) as sent, its
    /// control and non-ASCII bytes percent-encoded: a raw `é` or a stray `\xE9` reads as
    /// `%C3%A9` or `%E9`, as a client that encodes it sends it, instead of a character repaired
    /// into U+FFFD (in routes and in the access log).
    static func escapingRawBytes(_ target: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(target).assumingMemoryBound(to: UInt8.self), count: strlen(target))
        guard bytes.contains(where: { $0 < 0x20 || $0 > 0x7E }) else { return String(decoding: bytes, as: UTF8.self) }
        let digits = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if byte < 0x20 || byte > 0x7E {
                escaped += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// A request target's path: one in absolute form (`GET http://host/path`, which RFC 9112
    /// has a server accept, as a proxy sends it) as the origin form would give it.
    static func originForm(_ target: String) -> String {
        let lowercased = target.prefix(8).lowercased()
        guard let scheme = ["http://", "https://"].first(where: lowercased.hasPrefix) else { return target }
        let rest = target.dropFirst(scheme.count)
        return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }

    /// Leaves `%XX` escapes as they are (libmicrohttpd's default would decode `%00` into the
    /// C string, ending it early).
    static let keepEscapes:
        @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) ->
            Int = { _, _, text in
                text.map { strlen($0) } ?? 0
            }

    private static func server(_ cls: UnsafeMutableRawPointer) -> HTTPServer {
        Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    }

    /// The query's pairs as sent, in order; an empty segment (`?&a=1`, `a=1&&b=2`) is none,
    /// as GitHub and Django read it.
    static func queryPairs(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &pairs) { pointer in
            _ = MHD_get_connection_values(
                connection, .GET_ARGUMENT_KIND,
                { cls, _, key, value in
                    guard let cls, let key, key.pointee != 0 || value.map({ $0.pointee != 0 }) == true else {
                        return .YES
                    }
                    let pairs = cls.assumingMemoryBound(to: [(name: String, value: String)].self)
                    pairs.pointee.append(
                        (MicroHTTPD.escapingRawBytes(key), value.map { MicroHTTPD.escapingRawBytes($0) } ?? ""))
                    return .YES
                }, pointer)
        }
        return pairs
    }

    /// About what a request's head takes in the connection's memory, as sent (a little more):
    /// its request line, and its header fields.
    static func requestHeadBytes(_ connection: OpaquePointer, path: String) -> (line: Int, fields: Int) {
        func bytes(_ kind: MHD_ValueKind) -> Int {
            var total = 0
            withUnsafeMutablePointer(to: &total) { pointer in
                _ = MHD_get_connection_values(
                    connection, kind,
                    { cls, _, key, value in
                        guard let total = cls?.assumingMemoryBound(to: Int.self) else { return .YES }
                        total.pointee += (key.map { strlen($0) } ?? 0) + (value.map { strlen($0) } ?? 0) + 4
                        return .YES
                    }, pointer)
            }
            return total
        }
        return (path.utf8.count + 24 + bytes(.GET_ARGUMENT_KIND), bytes(.HEADER_KIND) + 2)
    }

    /// A request header's value, names compared without case.
    static func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }
}

/// What the server keeps of a request between libmicrohttpd's calls.
final class RequestState {
    let started = ConnectionWatch.now()
    /// Whether its head arrived after ``HTTPServer/stop()`` began: refused, and not waited for.
    let arrivedWhileStopping: Bool

    init(arrivedWhileStopping: Bool) {
        self.arrivedWhileStopping = arrivedWhileStopping
    }
}
