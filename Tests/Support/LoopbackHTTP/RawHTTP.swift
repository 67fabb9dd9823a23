import Foundation

/// An HTTP/1.1 client on a plain socket, for what URLSession hides: keep-alive on one
/// connection, pipelining, hostile request lines, and the exact bytes answered.
public final class RawHTTP: @unchecked Sendable {
    public struct Response {
        public let status: Int
        public let headers: [(String, String)]
        public let body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds of silence. A
    /// `receiveBuffer` keeps the window small: the server's answer then waits on this reader.
    public init(port: Int, timeout: TimeInterval = 10, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: \(errno)")
        }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(descriptor) }

    /// Sends bytes as they are; false when the peer closed.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// A GET (or `method`) of `target`, with `headers`, keeping the connection open.
    public func request(_ target: String, method: String = "GET", headers: [String: String] = [:]) throws -> Response {
        let lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers.map { "\($0.key): \($0.value)" }
        send(lines.joined(separator: "\r\n") + "\r\n\r\n")
        return try response(method: method)
    }

    /// Reads one response; HEAD and 304 answers have no body whatever their length says.
    public func response(method: String = "GET") throws -> Response {
        guard let headEnd = try fill(until: { $0.firstRange(of: [13, 10, 13, 10]) }) else {
            throw Failure(description: "connection closed before a response")
        }
        let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
        buffer.removeFirst(headEnd.upperBound)
        var lines = head.split(separator: "\r\n").map(String.init)
        let statusLine = lines.removeFirst()
        guard let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "bad status line \(statusLine)")
        }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length =
            method == "HEAD" || status == 304 || status == 204
            ? 0 : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
        guard try fill(until: { $0.count >= length ? 0..<0 : nil }) != nil else {
            throw Failure(description: "connection closed within a body")
        }
        let body = Array(buffer.prefix(length))
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Whether an answer's first bytes arrive within the socket's timeout; they stay to be read.
    public func awaitsAnswer() -> Bool {
        var byte: UInt8 = 0
        return !buffer.isEmpty || recv(descriptor, &byte, 1, Int32(MSG_PEEK)) == 1
    }

    /// Whether the server closed the connection (reads end) within the socket's timeout.
    public func isClosedByPeer() -> Bool {
        var scratch = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &scratch, scratch.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    private func fill(until found: ([UInt8]) -> Range<Int>?) throws -> Range<Int>? {
        var scratch = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let range = found(buffer) { return range }
            let count = recv(descriptor, &scratch, scratch.count, 0)
            if count == 0 { return nil }
            if count < 0 {
                if errno == ECONNRESET { return nil }
                throw Failure(description: "recv: errno \(errno)")
            }
            buffer += scratch[0..<count]
        }
    }
}
