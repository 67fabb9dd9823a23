/// The token every request must present as `Authorization: Bearer TOKEN`, compared in
/// constant time: how long a refusal takes says nothing of how much of a guess was right.
public struct BearerToken: Sendable {
    private let expected: [UInt8]

    /// nil for an empty token, which would admit anyone.
    public init?(_ token: String) {
        guard !token.isEmpty else { return nil }
        expected = Array(token.utf8)
    }

    /// Whether an `Authorization` header carries the token (scheme in any case).
    public func admits(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let scheme = "bearer "
        let bytes = Array(authorization.utf8)
        guard bytes.count > scheme.utf8.count,
            String(decoding: bytes.prefix(scheme.utf8.count), as: UTF8.self).lowercased() == scheme
        else { return false }
        let presented = bytes.dropFirst(scheme.utf8.count)
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
