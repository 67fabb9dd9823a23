import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A socket-level failure while setting up a ``LoopbackServer``.
public struct LoopbackServerError: Error, CustomStringConvertible {
    /// The system call that failed, e.g. `"bind"`.
    public let operation: String
    /// The `errno` value reported by that call.
    public let code: Int32

    public var description: String {
        "LoopbackServer: \(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}

/// Thin wrappers over the BSD socket calls whose spelling differs between Glibc and Darwin.
enum POSIXSocket {
    /// A listening socket on `127.0.0.1`, or `::1` when `ipv6`, on an ephemeral port.
    static func makeLoopbackListener(ipv6: Bool = false) throws -> (descriptor: Int32, port: Int) {
        let family = ipv6 ? AF_INET6 : AF_INET
        #if canImport(Glibc)
            // CLOEXEC keeps the test's sockets out of child processes (end-to-end tests spawn the CLI).
            let descriptor = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackServerError(operation: "socket", code: errno) }
        do {
            #if !canImport(Glibc)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            #endif
            try setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1, name: "setsockopt(SO_REUSEADDR)")
            // Accept must never block after poll() said "readable" (the peer may have gone already).
            try setNonBlocking(descriptor, true)
            let port = ipv6 ? try bindIPv6Loopback(descriptor) : try bindIPv4Loopback(descriptor)
            guard listen(descriptor, 512) == 0 else {
                throw LoopbackServerError(operation: "listen", code: errno)
            }
            return (descriptor, port)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Binds `127.0.0.1:0` and returns the port the system chose.
    private static func bindIPv4Loopback(_ descriptor: Int32) throws -> Int {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return Int(UInt16(bigEndian: try bindAndName(descriptor, address).sin_port))
    }

    /// Binds `[::1]:0` and returns the port the system chose.
    private static func bindIPv6Loopback(_ descriptor: Int32) throws -> Int {
        var address = sockaddr_in6()
        #if canImport(Darwin)
            address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return Int(UInt16(bigEndian: try bindAndName(descriptor, address).sin6_port))
    }

    /// Binds `address` (port 0) and returns the address bound, with the port the system chose.
    private static func bindAndName<Address>(_ descriptor: Int32, _ address: Address) throws -> Address {
        var address = address
        try bindAddress(descriptor, &address)
        try boundAddress(descriptor, &address)
        return address
    }

    private static func bindAddress<Address>(_ descriptor: Int32, _ address: inout Address) throws {
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
        guard bound == 0 else { throw LoopbackServerError(operation: "bind", code: errno) }
    }

    private static func boundAddress<Address>(_ descriptor: Int32, _ address: inout Address) throws {
        var length = socklen_t(MemoryLayout<Address>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw LoopbackServerError(operation: "getsockname", code: errno) }
    }

    /// A pipe whose write end wakes the accept loop out of `poll` when the server stops.
    static func makeWakePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        // pipe2/accept4 would close the fork race, but Glibc's module map hides these GNU extensions.
        guard pipe(&ends) == 0 else { throw LoopbackServerError(operation: "pipe", code: errno) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    static func accept(from listener: Int32) -> (descriptor: Int32, errorCode: Int32) {
        #if canImport(Glibc)
            let descriptor = Glibc.accept(listener, nil, nil)
        #else
            let descriptor = Darwin.accept(listener, nil, nil)
        #endif
        return (descriptor, descriptor < 0 ? errno : 0)
    }

    static func configureAccepted(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            // Darwin has no MSG_NOSIGNAL; without this a write to a vanished peer kills the test process.
            try? setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1, name: "setsockopt(SO_NOSIGPIPE)")
        #endif
        // BSD-derived stacks hand the listener's O_NONBLOCK down to accepted sockets; connections
        // are served with plain blocking I/O on their own thread.
        try? setNonBlocking(descriptor, false)
        // Without TCP_NODELAY, Nagle plus delayed ACKs stall each loopback exchange by ~40 ms.
        try? setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1, name: "setsockopt(TCP_NODELAY)")
    }

    /// Makes the next `close` send RST instead of FIN.
    static func armReset(_ descriptor: Int32) {
        var lingerOption = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(
            descriptor, SOL_SOCKET, SO_LINGER, &lingerOption, socklen_t(MemoryLayout<linger>.size))
    }

    static func shutdownBoth(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
        #else
            _ = shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    /// Sends FIN, then reads and discards input until the peer closes or the time is up.
    static func drainAfterClosingOutput(
        _ descriptor: Int32, into scratch: inout [UInt8], forAtMostSeconds seconds: Double
    ) {
        #if canImport(Glibc)
            _ = shutdown(descriptor, Int32(SHUT_WR))
        #else
            _ = shutdown(descriptor, SHUT_WR)
        #endif
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return }
            watched.revents = 0
            let ready = poll(&watched, 1, Int32((deadline - now) / 1_000_000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, receive(descriptor, into: &scratch) > 0 else { return }
        }
    }

    /// Writes every byte, riding out partial writes and EINTR. Returns false once the peer is gone.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        return bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let written = send(descriptor, base + offset, raw.count - offset, flags)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Reads once into `scratch`; returns the byte count, 0 at end of stream, -1 on error.
    static func receive(_ descriptor: Int32, into scratch: inout [UInt8]) -> Int {
        scratch.withUnsafeMutableBytes { raw -> Int in
            while true {
                let received = recv(descriptor, raw.baseAddress, raw.count, 0)
                if received < 0 && errno == EINTR { continue }
                return received
            }
        }
    }

    private static func setOption(
        _ descriptor: Int32, _ level: Int32, _ option: Int32, _ value: Int32, name: String
    ) throws {
        var value = value
        guard setsockopt(descriptor, level, option, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
        else { throw LoopbackServerError(operation: name, code: errno) }
    }

    private static func setNonBlocking(_ descriptor: Int32, _ enabled: Bool) throws {
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0 else { throw LoopbackServerError(operation: "fcntl(F_GETFL)", code: errno) }
        let updated = enabled ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        guard updated == flags || fcntl(descriptor, F_SETFL, updated) == 0 else {
            throw LoopbackServerError(operation: "fcntl(F_SETFL)", code: errno)
        }
    }
}
