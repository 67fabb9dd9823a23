import BodyCoding

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A response with its whole body. Header names are lower-cased. From a transport, `body` is
/// as the server sent it; `HTTPClient.send` returns it decoded.
public struct HTTPResponse: Sendable {
    public let url: URL
    public let status: Int
    public let headers: [String: String]
    public let body: Data
    /// The server's compressed form of `body`, as the store keeps it; nil when the body came
    /// uncompressed (or is not decoded yet).
    public let compressedBody: StoredBody?

    public init(url: URL, status: Int, headers: [String: String], body: Data) {
        // A transport's names come lower-cased already (names are ASCII tokens): rebuilt only
        // when one is not.
        let isLowercased = headers.keys.allSatisfy {
            !$0.utf8.contains(where: (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains)
        }
        self.init(
            url: url, status: status,
            headers: isLowercased
                ? headers : Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 }),
            body: body, compressedBody: nil)
    }

    private init(url: URL, status: Int, headers: [String: String], body: Data, compressedBody: StoredBody?) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.compressedBody = compressedBody
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as the store keeps it: the server's compression when it sent one, else
    /// compressed here (on the task that fetched it, not the writer's).
    public func storedBody() -> StoredBody {
        compressedBody ?? body.withUnsafeBytes { StoredBody.compressing($0) }
    }

    /// This response with its `Content-Encoding` undone, within the request's bound.
    package func decoded(for request: HTTPRequest) throws(FetchError) -> HTTPResponse {
        let url = request.url.absoluteString
        let decoded: DecodedBody
        do {
            decoded = try ContentDecoding.decode(
                [UInt8](body), contentEncoding: header("content-encoding"), limit: request.maximumBodyBytes)
        } catch .tooLarge(let limit) {
            throw .tooLarge(url: url, limit: limit)
        } catch .unsupportedEncoding(let coding) {
            throw .undecodable(
                url: url, reason: "Content-Encoding '\(coding)', which pokedex did not ask for", bodyPrefix: "")
        } catch {
            // Damaged on the way, as a cut connection would leave it: worth another attempt.
            throw .unreachable(url: url, reason: "\(FetchError.connectionLost): \(error.description)")
        }
        return HTTPResponse(
            url: self.url, status: status, headers: headers, body: Data(decoded.body), compressedBody: decoded.stored)
    }
}
