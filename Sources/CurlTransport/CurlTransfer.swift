import CCurl
import HTTPTypes

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one hop answered. A redirect's body is never read: `body` is then empty.
struct CurlAnswer: Sendable {
    let status: Int
    /// Lower-cased names; a repeated field's values joined with ", ".
    let headers: [String: String]
    let body: Data
    let isRedirect: Bool
}

/// One request on one easy handle, from submission to its one outcome. The continuation is
/// set before the transfer is submitted and `cancelRequested` is guarded by the multi's
/// lock; everything else is the owner thread's alone (libcurl's callbacks run there).
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    /// The URL failures name: the first hop's.
    let reportedURL: String
    let limits: TransferLimits
    let trust: TLSTrust
    var continuation: CheckedContinuation<CurlAnswer, any Error>?
    var cancelRequested = false

    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var status = 0
    private var headers: [String: String] = [:]
    private var headComplete = false
    private var isRedirect = false
    private var redirectBodyBytes = 0
    private var body = Data()
    private var refusal: FetchError?
    /// When it was handed to libcurl, or last received a byte: the idle timeout counts from
    /// here, whatever libcurl waits for (a connection, a connection to multiplex on).
    private(set) var lastActivity = ContinuousClock.now

    /// A redirect body longer than this is not drained (the connection is dropped instead):
    /// an endless one would otherwise keep the transfer busy until its deadline.
    private static let drainedRedirectBodyLimit = 64 * 1024

    init(request: HTTPRequest, reportedAs url: String, limits: TransferLimits, trust: TLSTrust) {
        self.request = request
        self.reportedURL = url
        self.limits = limits
        self.trust = trust
        errorBuffer.initialize(to: 0)
    }

    deinit {
        errorBuffer.deallocate()
        curl_slist_free_all(headerList)
    }

    /// Sets `easy` up for this request; the transfer is then its callbacks' context.
    func configure(_ easy: UnsafeMutableRawPointer) {
        self.easy = easy
        lastActivity = .now
        for (name, value) in request.headers {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        // Rounded up: libcurl's deadline then falls after `limits.expiry`, never before it.
        let milliseconds = { (duration: Duration) in max(1, Int((duration.inSeconds * 1_000).rounded(.up))) }
        _ = pokedex_easy_set_pointer(easy, CURLOPT_URL, request.url.absoluteString)
        _ = pokedex_easy_set_pointer(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = pokedex_easy_set_long(easy, CURLOPT_HTTPGET, 1)
        _ = pokedex_easy_set_pointer(easy, CURLOPT_HTTPHEADER, headerList)
        // The request's fields (credentials) go to the server only, never to a proxy.
        _ = pokedex_easy_set_long(easy, CURLOPT_HEADEROPT, pokedex_header_separate)
        _ = pokedex_easy_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        // Bodies as they travelled: HTTPClient decodes them, so that the store can keep the
        // server's compressed bytes (Accept-Encoding is among the request's fields).
        _ = pokedex_easy_set_long(easy, CURLOPT_HTTP_CONTENT_DECODING, 0)
        // Unset, libcurl's own defaults stay: the system's CA store.
        if let bundle = trust.caBundle { _ = pokedex_easy_set_pointer(easy, CURLOPT_CAINFO, bundle) }
        if let directory = trust.caDirectory { _ = pokedex_easy_set_pointer(easy, CURLOPT_CAPATH, directory) }
        _ = pokedex_easy_set_long(easy, CURLOPT_HTTP_VERSION, pokedex_http_version_2tls)
        // A new request waits for a connection that can multiplex rather than opening another.
        _ = pokedex_easy_set_long(easy, CURLOPT_PIPEWAIT, 1)
        _ = pokedex_easy_set_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = pokedex_easy_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        _ = pokedex_easy_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(limits.idleTimeout))
        _ = pokedex_easy_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
        _ = pokedex_easy_set_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Int(limits.idleTimeout.inSeconds)))
        _ = pokedex_easy_set_long(easy, CURLOPT_TIMEOUT_MS, milliseconds(limits.expiry - .now))
        _ = pokedex_easy_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = pokedex_easy_set_write_function(easy, CURLOPT_HEADERFUNCTION, headerLineCallback)
        _ = pokedex_easy_set_pointer(easy, CURLOPT_HEADERDATA, context)
        _ = pokedex_easy_set_write_function(easy, CURLOPT_WRITEFUNCTION, bodyPieceCallback)
        _ = pokedex_easy_set_pointer(easy, CURLOPT_WRITEDATA, context)
    }

    /// When it has received nothing for its idle timeout; libcurl's own low-speed check
    /// measures a transfer that waits for a connection from later, and so took up to twice as
    /// long to give up on a server that never answers.
    var idleExpiry: ContinuousClock.Instant { lastActivity + limits.idleTimeout }

    /// The failure of a transfer that received nothing for its idle timeout.
    var idleFailure: FetchError {
        .unreachable(url: reportedURL, reason: CurlFailure.reason(CURLE_OPERATION_TIMEDOUT, detail: "", trust: trust))
    }

    /// Resumes the continuation (once: it is taken) and frees what the transfer held.
    func finish(_ outcome: Result<CurlAnswer, any Error>) {
        easy = nil
        body = Data()
        continuation?.resume(with: outcome)
        continuation = nil
    }

    /// What the transfer came to, given libcurl's result: a refusal of ours wins over the
    /// write error it caused.
    func outcome(_ code: CURLcode) -> Result<CurlAnswer, any Error> {
        if let refusal { return .failure(refusal) }
        if code == CURLE_OK || (isRedirect && code == CURLE_WRITE_ERROR) {
            return .success(CurlAnswer(status: status, headers: headers, body: body, isRedirect: isRedirect))
        }
        // libcurl says "timed out" for both bounds; past the deadline (give or take its clock's
        // granularity) it was the deadline.
        if code == CURLE_OPERATION_TIMEDOUT && ContinuousClock.now >= limits.expiry - .milliseconds(5) {
            return .failure(FetchError.pastDeadline(url: reportedURL, deadline: limits.deadline))
        }
        let detail = String(cString: errorBuffer)
        return .failure(
            FetchError.unreachable(url: reportedURL, reason: CurlFailure.reason(code, detail: detail, trust: trust)))
    }

    /// One header line (its CRLF included); false stops the transfer. Read as bytes: it runs for
    /// every line of every response, where Foundation's trimming was a visible share of a sync.
    fileprivate func receiveHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        let text = HeaderBytes.trimmed(line[...])
        if text.starts(with: "HTTP/".utf8) {
            // A new head: an interim answer's fields are not the final one's.
            let code = text.drop { $0 != UInt8(ascii: " ") }.dropFirst().prefix { $0 != UInt8(ascii: " ") }
            status = Int(String(decoding: code, as: UTF8.self)) ?? 0
            headers = Dictionary(minimumCapacity: Self.expectedHeaderCount)
            headComplete = false
            return true
        }
        guard !headComplete else { return true }  // trailer fields
        guard !text.isEmpty else {
            if (100..<200).contains(status) { return true }
            headComplete = true
            return acceptHead()
        }
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return true }
        let nameBytes = text[..<colon]
        let name = String(unsafeUninitializedCapacity: nameBytes.count) { name in
            for (offset, byte) in nameBytes.enumerated() { name[offset] = HeaderBytes.lowercased(byte) }
            return nameBytes.count
        }
        let value = String(decoding: HeaderBytes.trimmed(text[(colon + 1)...]), as: UTF8.self)
        if let earlier = headers.updateValue(value, forKey: name) { headers[name] = "\(earlier), \(value)" }
        return true
    }

    /// Room for a CDN's answer's fields from the start: growing the table field by field cost
    /// more than the fields themselves.
    private static let expectedHeaderCount = 24

    /// The final head is in: a redirect's body is to be skipped, and a declared length over
    /// the bound is refused before any of the body arrives.
    private func acceptHead() -> Bool {
        if RedirectPolicy.redirectStatuses.contains(status), headers["location"] != nil {
            isRedirect = true
            return true
        }
        guard let declared = headers["content-length"].map(DeclaredLength.init) else { return true }
        if declared.exceeds(request.maximumBodyBytes) {
            refusal = .tooLarge(url: reportedURL, limit: request.maximumBodyBytes)
            return false
        }
        if case .bytes(let length) = declared {
            // One allocation instead of regrowing.
            body.reserveCapacity(length)
        }
        return true
    }

    /// A piece of the body as it travels (compressed or not); false stops the transfer.
    fileprivate func receiveBodyPiece(_ piece: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        if isRedirect {
            redirectBodyBytes += piece.count
            return redirectBodyBytes <= Self.drainedRedirectBodyLimit
        }
        guard body.count + piece.count <= request.maximumBodyBytes else {
            refusal = .tooLarge(url: reportedURL, limit: request.maximumBodyBytes)
            return false
        }
        body.append(contentsOf: piece)
        return true
    }
}

/// ASCII operations on header bytes.
enum HeaderBytes {
    static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }
}

/// A `Content-Length` as pokedex reads it: digits only, and never a trap on a number too
/// large for an integer.
enum DeclaredLength: Equatable {
    case bytes(Int)
    /// More digits than any integer holds: over every bound.
    case beyondAnyBound
    /// Not a length (libcurl judges the framing).
    case unreadable

    init(_ text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            self = .unreadable
            return
        }
        self = Int(text).map(DeclaredLength.bytes) ?? .beyondAnyBound
    }

    func exceeds(_ bound: Int) -> Bool {
        switch self {
        case .bytes(let length): return length > bound
        case .beyondAnyBound: return true
        case .unreadable: return false
        }
    }
}

// libcurl's callbacks: plain C functions, the transfer found through the context pointer.
// Returning anything but the size given makes libcurl stop the transfer.

private let headerLineCallback: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let bodyPieceCallback: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data, length > 0 else { return length }
    return transfer.receiveBodyPiece(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}
