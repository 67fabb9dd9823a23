import Foundation

/// Serves one accepted socket: parses requests, asks the handler, writes responses, and keeps
/// going until the peer leaves, a response closes the connection, or the server stops.
struct HTTPConnection {
    private static let maximumLineLength = 16 * 1024
    private static let maximumHeadLength = 64 * 1024
    private static let maximumHeaderCount = 200

    let descriptor: Int32
    let server: ServerCore
    private var buffer: [UInt8] = []
    private var readIndex = 0
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    init(descriptor: Int32, server: ServerCore) {
        self.descriptor = descriptor
        self.server = server
    }

    private enum ReadFailure: Error {
        case peerGone
        case lineTooLong
        case malformed
    }

    private struct RequestHead {
        var method: String
        var target: String
        var isHTTP10: Bool
        var headers: [String: String]
        var contentLength: Int
        var isChunked: Bool

        var connectionTokens: [String] {
            (headers["connection"] ?? "").lowercased().split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }

        var wantsKeepAlive: Bool {
            let tokens = connectionTokens
            if tokens.contains("close") { return false }
            return isHTTP10 ? tokens.contains("keep-alive") : true
        }

        var expectsContinue: Bool {
            !isHTTP10 && (contentLength > 0 || isChunked)
                && headers["expect"]?.lowercased() == "100-continue"
        }
    }

    private enum HeadOutcome {
        case request(RequestHead)
        case peerGone
        case reject(status: Int)
    }

    mutating func serve() {
        var resetOnClose = false
        defer { server.closeConnection(descriptor, reset: resetOnClose) }

        while !server.isStopped {
            let head: RequestHead
            switch readHead() {
            case .peerGone:
                return
            case .reject(let status):
                reject(status: status)
                return
            case .request(let parsed):
                head = parsed
            }

            if head.expectsContinue {
                _ = POSIXSocket.sendAll(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            do {
                try discardBody(of: head)
            } catch ReadFailure.peerGone {
                return
            } catch {
                reject(status: 400)
                return
            }

            let request = RecordedRequest(method: head.method, target: head.target, headers: head.headers)
            server.record(request)
            var response = server.handler(request)

            if case .stall(let seconds) = response.fault {
                guard server.sleep(seconds: seconds) else { return }
                response.fault = nil
            }
            let keepAlive = head.wantsKeepAlive && !Self.asksToClose(response)
            let omitBody = head.method == "HEAD"

            switch response.fault {
            case .closeWithoutResponse:
                return
            case .reset:
                resetOnClose = true
                return
            case .truncateBody(let afterBytes):
                // Headers stay as for a healthy keep-alive response: the drop looks like the network's fault.
                let bytes = Self.serialize(
                    response, keepAlive: true, isHTTP10: head.isHTTP10, omitBody: omitBody,
                    bodyLimit: max(0, afterBytes))
                _ = POSIXSocket.sendAll(descriptor, bytes)
                return
            case .trickle(let milliseconds):
                sendTrickled(response, millisecondsPerByte: milliseconds, isHTTP10: head.isHTTP10)
                return
            case .endlessBody(let declaredLength, let pace):
                sendEndlessBody(response, declaredLength: declaredLength, pieceEveryMicroseconds: pace)
                return
            case .endlessInterimResponses(let milliseconds):
                sendEndlessInterimResponses(millisecondsApart: milliseconds)
                return
            case .stall, nil:
                let bytes = Self.serialize(
                    response, keepAlive: keepAlive, isHTTP10: head.isHTTP10, omitBody: omitBody,
                    bodyLimit: Int.max)
                guard POSIXSocket.sendAll(descriptor, bytes), keepAlive else { return }
            }
        }
    }

    /// Answers a request that cannot be served, then closes without losing the answer: closing
    /// with unread input makes the kernel send RST, which can destroy the response in flight,
    /// so input is drained (briefly) after our side of the stream is shut.
    private mutating func reject(status: Int) {
        guard POSIXSocket.sendAll(descriptor, Self.errorResponse(status: status)) else { return }
        POSIXSocket.drainAfterClosingOutput(descriptor, into: &scratch, forAtMostSeconds: 1)
    }

    // MARK: Reading

    private mutating func readHead() -> HeadOutcome {
        var requestLine: [UInt8] = []
        do {
            // RFC 9112 §2.2: ignore empty lines before the request line (old clients send stray CRLFs).
            var skippedLines = 0
            repeat {
                requestLine = try readLine()
                skippedLines += 1
            } while requestLine.isEmpty && skippedLines <= 8
        } catch ReadFailure.lineTooLong {
            return .reject(status: 414)
        } catch {
            return .peerGone
        }

        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[1].isEmpty, parts[0].allSatisfy(Self.isTokenCharacter),
            !parts[0].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return .reject(status: 400) }
        let version = String(decoding: parts[2], as: UTF8.self)
        let isHTTP10: Bool
        switch version {
        case "HTTP/1.1": isHTTP10 = false
        case "HTTP/1.0": isHTTP10 = true
        default:
            let isWellFormedVersion =
                version.count == 8 && version.hasPrefix("HTTP/")
                && version.dropFirst(5).enumerated().allSatisfy { offset, character in
                    offset == 1 ? character == "." : character.isASCII && character.isNumber
                }
            return .reject(status: isWellFormedVersion ? 505 : 400)
        }

        var headers: [String: String] = [:]
        var contentLengths: Set<String> = []
        var headLength = requestLine.count
        var headerCount = 0
        while true {
            let line: [UInt8]
            do {
                line = try readLine()
            } catch ReadFailure.lineTooLong {
                return .reject(status: 431)
            } catch {
                return .peerGone
            }
            if line.isEmpty { break }
            headLength += line.count
            headerCount += 1
            guard headLength <= Self.maximumHeadLength, headerCount <= Self.maximumHeaderCount else {
                return .reject(status: 431)
            }
            // Obsolete line folding and whitespace before the colon are rejected, per RFC 9112 §5.
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
                line[..<colon].allSatisfy(Self.isTokenCharacter)
            else { return .reject(status: 400) }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                for piece in value.split(separator: ",", omittingEmptySubsequences: false) {
                    contentLengths.insert(piece.trimmingCharacters(in: .whitespaces))
                }
            }
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }

        let isChunked: Bool
        if let transferEncoding = headers["transfer-encoding"] {
            let codings = transferEncoding.lowercased().split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // Without chunked as the final coding the body length is unknowable (RFC 9112 §6.3).
            guard codings.last == "chunked" else { return .reject(status: 400) }
            isChunked = true
        } else {
            isChunked = false
        }

        var contentLength = 0
        if !isChunked && !contentLengths.isEmpty {
            guard contentLengths.count == 1, let text = contentLengths.first, !text.isEmpty,
                text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let length = Int(text)
            else { return .reject(status: 400) }
            contentLength = length
        }

        return .request(
            RequestHead(
                method: String(decoding: parts[0], as: UTF8.self),
                target: String(decoding: parts[1], as: UTF8.self),
                isHTTP10: isHTTP10, headers: headers, contentLength: contentLength,
                isChunked: isChunked))
    }

    private mutating func discardBody(of head: RequestHead) throws {
        guard head.isChunked else {
            try discard(head.contentLength)
            return
        }
        while true {
            let sizeLine = try readLine()
            let sizeText = String(decoding: sizeLine.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            guard !sizeText.isEmpty, sizeText.allSatisfy(\.isHexDigit),
                let size = Int(sizeText, radix: 16)
            else { throw ReadFailure.malformed }
            if size == 0 {
                while try !readLine().isEmpty {}  // trailer fields
                return
            }
            try discard(size)
            guard try readLine().isEmpty else { throw ReadFailure.malformed }
        }
    }

    /// The next line without its LF (or CRLF) terminator.
    private mutating func readLine() throws -> [UInt8] {
        var scanned = 0
        while true {
            let searchStart = readIndex + scanned
            if let newline = buffer[searchStart...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > readIndex && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[readIndex..<end])
                readIndex = newline + 1
                return line
            }
            scanned = buffer.count - readIndex
            if scanned > Self.maximumLineLength { throw ReadFailure.lineTooLong }
            try fillBuffer()
        }
    }

    private mutating func discard(_ count: Int) throws {
        var remaining = count
        while remaining > 0 {
            let available = buffer.count - readIndex
            if available == 0 {
                try fillBuffer()
                continue
            }
            let taken = min(available, remaining)
            readIndex += taken
            remaining -= taken
        }
    }

    private mutating func fillBuffer() throws {
        if readIndex > 0 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
        let received = POSIXSocket.receive(descriptor, into: &scratch)
        guard received > 0 else { throw ReadFailure.peerGone }
        buffer.append(contentsOf: scratch[..<received])
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    // MARK: Writing

    private static func asksToClose(_ response: ScriptedResponse) -> Bool {
        response.headers.contains { name, value in
            name.lowercased() == "connection"
                && value.lowercased().split(separator: ",").contains {
                    $0.trimmingCharacters(in: .whitespaces) == "close"
                }
        }
    }

    /// Head and body in one buffer, so each response leaves in as few segments as possible.
    static func serialize(
        _ response: ScriptedResponse, keepAlive: Bool, isHTTP10: Bool, omitBody: Bool, bodyLimit: Int
    ) -> [UInt8] {
        let status = response.status
        let mayHaveBody = !(status == 204 || status == 304 || (100..<200).contains(status))
        var head = "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n"
        for (name, value) in response.headers {
            switch name.lowercased() {
            case "content-length", "connection", "transfer-encoding": continue
            default: head += "\(name): \(value)\r\n"
            }
        }
        if mayHaveBody { head += "Content-Length: \(response.body.count)\r\n" }
        if !keepAlive {
            head += "Connection: close\r\n"
        } else if isHTTP10 {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"

        var bytes = Array(head.utf8)
        if mayHaveBody && !omitBody {
            bytes.reserveCapacity(bytes.count + min(bodyLimit, response.body.count))
            bytes.append(contentsOf: response.body.prefix(bodyLimit))
        }
        return bytes
    }

    private static func errorResponse(status: Int) -> [UInt8] {
        let text = reasonPhrase(for: status)
        return serialize(
            ScriptedResponse.text(text, status: status), keepAlive: false, isHTTP10: false,
            omitBody: false, bodyLimit: Int.max)
    }

    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 418: "I'm a teapot"
        case 422: "Unprocessable Content"
        case 425: "Too Early"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default:
            switch status {
            case 100..<200: "Informational"
            case 200..<300: "Success"
            case 300..<400: "Redirection"
            case 400..<500: "Client Error"
            default: "Server Error"
            }
        }
    }
}
