/// The token every request must present as `Authorization: Bearer TOKEN` (or GitHub's
/// `token TOKEN`), compared in constant time: how long a refusal takes says nothing of how
/// much of a guess was right.
public struct BearerToken: Sendable {
    private let expected: [UInt8]

    /// The schemes accepted, lower-cased: RFC 9110's `Bearer`, and `token`, which GitHub's
    /// clients (Octokit, gh) send and GitHub accepts.
    static let schemes: Set<String> = ["bearer", "token"]

    /// nil for an empty token, which would admit anyone.
    public init?(_ token: String) {
        guard !token.isEmpty else { return nil }
        expected = Array(token.utf8)
    }

    /// Whether an `Authorization` header carries the token: a scheme of ``schemes`` in any
    /// case (RFC 9110 §11.1), one or more spaces, then the token. Spaces and tabs around the
    /// value are no part of it (RFC 9110 §5.5), whether or not the server left them there.
    public func admits(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let space = UInt8(ascii: " ")
        let isWhitespace = { (byte: UInt8) in byte == space || byte == UInt8(ascii: "\t") }
        var bytes = Array(authorization.utf8.drop(while: isWhitespace))
        while let last = bytes.last, isWhitespace(last) { bytes.removeLast() }
        guard let end = bytes.firstIndex(of: space),
            Self.schemes.contains(String(decoding: bytes[..<end], as: UTF8.self).lowercased())
        else { return false }
        let presented = bytes[end...].drop { $0 == space }
        guard !presented.isEmpty else { return false }
        // Every byte of the longer of the two is compared, whatever matched before.
        var difference: UInt8 = presented.count == expected.count ? 0 : 1
        for index in 0..<max(presented.count, expected.count) {
            let left = index < presented.count ? presented[presented.startIndex + index] : 0
            let right = index < expected.count ? expected[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
