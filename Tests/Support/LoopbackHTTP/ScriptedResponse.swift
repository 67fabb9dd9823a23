/// Shorthand for ``ScriptedResponse/Fault``.
public typealias Fault = ScriptedResponse.Fault

/// What a ``LoopbackServer`` handler wants sent back: a status, headers, a body, and optionally
/// a transport fault to simulate a misbehaving server or network.
///
/// The server writes `Content-Length` and `Connection` itself; such fields in ``headers`` are
/// dropped, except that `Connection: close` still makes the server close after responding.
public struct ScriptedResponse: Sendable {
    /// A transport-level misbehaviour applied instead of (or before) a clean response.
    public enum Fault: Sendable, Equatable {
        /// Sends the headers with the full `Content-Length`, only this many body bytes, then closes.
        case truncateBody(afterBytes: Int)
        /// Closes the connection without writing a single byte.
        case closeWithoutResponse
        /// Aborts the connection with a TCP RST (`SO_LINGER` 0, then close).
        case reset
        /// Waits this long, then responds normally; cut short (connection closed) by `stop()`.
        case stall(seconds: Double)
        /// Sends the head at once, then the body one byte every this many milliseconds.
        case trickle(millisecondsPerByte: Int)
        /// Sends the head with this `Content-Length` text (nil: chunked), then 64 KiB pieces of
        /// body without end, one every `pieceEveryMicroseconds` (0: as fast as the socket takes them).
        case endlessBody(declaredLength: String?, pieceEveryMicroseconds: Int = 0)
        /// Answers `100 Continue` every this many milliseconds, never a final response.
        case endlessInterimResponses(millisecondsApart: Int)

        // Every fault that sends without end stops when the peer leaves, when the server
        // stops, or after `HTTPConnection.endlessFaultSeconds`, whichever comes first.
    }

    public var status: Int
    /// Header fields in the order they are written.
    public var headers: [(String, String)]
    public var body: [UInt8]
    public var fault: Fault?

    public init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], fault: Fault? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
    }

    /// A JSON body with `Content-Type: application/json; charset=utf-8` (unless `headers` sets one).
    public static func json(
        _ text: String, status: Int = 200, headers: [(String, String)] = []
    ) -> ScriptedResponse {
        ScriptedResponse(
            status: status,
            headers: withDefaultContentType("application/json; charset=utf-8", headers),
            body: Array(text.utf8))
    }

    /// A text body (HTML error pages, plain messages) with the given `Content-Type`.
    public static func text(
        _ text: String, status: Int = 200, contentType: String = "text/plain",
        headers: [(String, String)] = []
    ) -> ScriptedResponse {
        ScriptedResponse(
            status: status, headers: [("Content-Type", contentType)] + headers, body: Array(text.utf8))
    }

    /// A bodiless 304 Not Modified.
    public static func notModified(headers: [(String, String)] = []) -> ScriptedResponse {
        ScriptedResponse(status: 304, headers: headers)
    }

    /// A response that exists only to trigger `fault` (e.g. `.faulted(.reset)`).
    public static func faulted(_ fault: Fault) -> ScriptedResponse {
        ScriptedResponse(status: 200, fault: fault)
    }

    /// This response with `fault` applied, e.g. `.json(big).withFault(.truncateBody(afterBytes: 100))`.
    public func withFault(_ fault: Fault) -> ScriptedResponse {
        var copy = self
        copy.fault = fault
        return copy
    }

    /// The first value of a header field, ignoring the capitalisation of `name`.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.0.lowercased() == lowered }?.1
    }

    private static func withDefaultContentType(
        _ contentType: String, _ headers: [(String, String)]
    ) -> [(String, String)] {
        headers.contains { $0.0.lowercased() == "content-type" }
            ? headers : [("Content-Type", contentType)] + headers
    }
}
