/// Why a body could not be decoded: what the server sent, or what a database row holds.
public enum BodyCodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `Content-Encoding` pokedex never asks for (it asks for gzip and deflate only).
    case unsupportedEncoding(String)
    /// Compressed data that does not decode: truncated, damaged, or not what it claims.
    case corrupt(String)
    /// Decoded, the body passes the bound the caller set; decoding stopped there.
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .unsupportedEncoding(let coding): return "unsupported Content-Encoding '\(coding)'"
        case .corrupt(let reason): return "compressed body is damaged: \(reason)"
        case .tooLarge(let limit): return "body decodes to more than \(limit) bytes"
        }
    }
}
