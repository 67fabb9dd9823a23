#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket bound and listening, made before the server starts so that a port in use is
/// one clear error and `--port 0` can say which port it got.
public struct ListeningSocket: Sendable {
    public let descriptor: Int32
    /// The port bound (the one the system chose, for port 0).
    public let port: Int
    /// The address as a URL's host: `127.0.0.1`, `[::1]`.
    public let host: String
    /// Whether only this machine can connect (127.0.0.0/8, `::1`, `::ffff:127.x.x.x`).
    public let isLoopback: Bool
    /// Whether every interface is listened on (`0.0.0.0`, `::`).
    public let isWildcard: Bool

    /// Why a socket could not be bound.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Binds `host` (a numeric IPv4 or IPv6 address, or `localhost`) on `port`.
    public static func listening(host: String, port: Int, backlog: Int32 = 1024) throws(Failure) -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV | (host == "localhost" ? 0 : AI_NUMERICHOST)
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &found)
        guard resolved == 0, let first = found else {
            throw Failure(description: "'\(host)' is not an IP address to listen on")
        }
        defer { freeaddrinfo(found) }
        let address = first.pointee
        let descriptor = socket(address.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "cannot create a socket: \(errorText())") }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bytes = SocketAddress.bytes(address.ai_addr)
        let isMapped =
            bytes.count == 16 && bytes.prefix(12).elementsEqual([UInt8](repeating: 0, count: 10) + [255, 255])
        let isWildcard = !bytes.isEmpty && bytes.allSatisfy { $0 == 0 }
        if address.ai_family == AF_INET6 {
            // Set either way, whatever the system's bindv6only: `::` means IPv4's interfaces too
            // (as mapped addresses), and a mapped address can only be bound so; any other is
            // IPv6's alone.
            var only: Int32 = isWildcard || isMapped ? 0 : 1
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
        }
        guard bind(descriptor, address.ai_addr, address.ai_addrlen) == 0 else {
            let reason = errno == EADDRINUSE ? "it is in use" : errorText()
            close(descriptor)
            throw Failure(description: "cannot listen on \(host) port \(port): \(reason)")
        }
        guard listen(descriptor, backlog) == 0 else {
            let reason = errorText()
            close(descriptor)
            throw Failure(description: "cannot listen on \(host) port \(port): \(reason)")
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let boundPort = withUnsafePointer(to: &bound) { pointer -> UInt16 in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        let numeric = SocketAddress.text(address.ai_addr)
        let shown = address.ai_family == AF_INET6 ? "[\(numeric)]" : numeric
        let ipv4 = isMapped ? Array(bytes.suffix(4)) : bytes
        let isLoopback = ipv4.count == 4 ? ipv4.first == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
        return ListeningSocket(
            descriptor: descriptor, port: Int(boundPort), host: shown, isLoopback: isLoopback, isWildcard: isWildcard)
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// Socket addresses as text.
enum SocketAddress {
    /// The address's bytes: 4 for IPv4, 16 for IPv6, none for another family.
    static func bytes(_ address: UnsafePointer<sockaddr>) -> [UInt8] {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                withUnsafeBytes(of: inet.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                withUnsafeBytes(of: inet.pointee.sin6_addr) { Array($0) }
            }
        default:
            return []
        }
    }

    /// The numeric address of `address` (IPv4 or IPv6), or `-`.
    static func text(_ address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "-" }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
            }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                var raw = inet.pointee.sin6_addr
                _ = inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
            }
        default:
            return "-"
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
