/// Replaces the credentials pokedex holds with a placeholder, in any text before it is
/// printed or stored: a server may quote them back (an error body echoing the
/// `Authorization` header, a `Location` carrying them), and that text then becomes pokedex's
/// own message, which must not carry them to a terminal, a log or `sync_run`.
///
/// The credentials are the tokens (`GITHUB_TOKEN`, `GH_TOKEN`, `POKEAPI_TOKEN`) and the userinfo of a
/// base URL (`http://user:password@host/`), each in the forms a server could echo: as
/// written, percent-encoded or decoded, and base64 (what HTTP Basic sends).
public struct SecretRedactor: Sendable, Equatable {
    public static let placeholder = "[redacted]"

    /// Values this short are not redacted: replacing every "abc" in every message would
    /// garble them while hiding no real credential.
    static let minimumLength = 4

    /// Longest first, so that a secret containing another one is replaced whole.
    public let secrets: [String]

    public static let none = SecretRedactor(tokens: [], urls: [])

    public init(tokens: [String], urls: [String]) {
        var forms: Set<String> = []
        for token in tokens where Self.isSecret(token) {
            forms.formUnion([token] + Self.encodings(of: token))
        }
        for url in urls {
            guard let userinfo = Self.userinfo(of: url) else { continue }
            let (user, password) = Self.split(userinfo)
            // `https://TOKEN@host`: without a password, the user name is the credential.
            let credential = password ?? user
            guard Self.isSecret(PercentEncoding.decoded(credential)) else { continue }
            let basic = PercentEncoding.decoded(user) + ":" + PercentEncoding.decoded(password ?? "")
            forms.formUnion(
                [userinfo, credential, PercentEncoding.decoded(credential)] + Self.encodings(of: basic).suffix(2))
        }
        secrets = forms.sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }
    }

    private static func isSecret(_ value: String) -> Bool { value.utf8.count >= minimumLength }

    /// The credentials a run of pokedex holds: the token variables (all, whichever are used)
    /// and the base URLs from the environment and from `urls` (the command line's flags).
    public init(environment: [String: String], urls: [String?] = []) {
        self.init(
            tokens: ["GITHUB_TOKEN", "GH_TOKEN", "POKEAPI_TOKEN"].compactMap {
                TokenLine.fromEnvironment($0, environment)
            },
            urls: (["POKEAPI_BASE_URL", "GITHUB_API_URL"].map { environment[$0] } + urls).compactMap { $0 })
    }

    public func redact(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var bytes = Array(text.utf8)
        var changed = false
        for secret in secrets where Self.replace(Array(secret.utf8), in: &bytes) {
            changed = true
        }
        // What is left of a secret an excerpt cut short: its start, then the excerpt's marker.
        let marker = Array(Excerpt.marker.utf8)
        for secret in secrets {
            let start = Array(secret.utf8)
            for length in stride(from: start.count - 1, through: Self.minimumLength, by: -1)
            where Self.replace(start[..<length] + marker, in: &bytes, with: Self.placeholder.utf8 + marker) {
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// Replaces every occurrence of `secret` in `text`; whether there was one. Matching UTF-8
    /// bytes is matching characters: a valid sequence cannot start inside another.
    private static func replace(
        _ secret: [UInt8], in text: inout [UInt8], with replacement: [UInt8] = Array(placeholder.utf8)
    ) -> Bool {
        guard text.count >= secret.count else { return false }
        var result: [UInt8] = []
        var index = 0
        var found = false
        while index < text.count {
            if text[index] == secret[0], index + secret.count <= text.count,
                text[index..<index + secret.count].elementsEqual(secret)
            {
                if !found { result = Array(text[..<index]) }
                found = true
                result += replacement
                index += secret.count
            } else {
                if found { result.append(text[index]) }
                index += 1
            }
        }
        if found { text = result }
        return found
    }

    /// `url` without its userinfo ("scheme://host/path"): what may be stored or used as a key,
    /// where the credentials must not go.
    public static func removingUserinfo(_ url: String) -> String {
        guard let userinfo = userinfo(of: url), let separator = url.firstRange(of: "://") else { return url }
        let start = separator.upperBound
        let end = url.utf8.index(start, offsetBy: userinfo.utf8.count + 1)
        return String(url[..<start]) + String(url[end...])
    }

    /// "user:password" in "scheme://user:password@host/path", nil without an "@".
    static func userinfo(of url: String) -> String? {
        let bytes = Array(url.utf8)
        let separator = Array("://".utf8)
        guard
            let schemeEnd = bytes.indices.first(where: { bytes[$0...].starts(with: separator) })
        else { return nil }
        let authority = bytes[(schemeEnd + separator.count)...].prefix { !"/?#".utf8.contains($0) }
        guard let at = authority.lastIndex(of: UInt8(ascii: "@")) else { return nil }
        return String(decoding: authority[..<at], as: UTF8.self)
    }

    private static func split(_ userinfo: String) -> (user: String, password: String?) {
        guard let colon = userinfo.firstIndex(of: ":") else { return (userinfo, nil) }
        return (String(userinfo[..<colon]), String(userinfo[userinfo.index(after: colon)...]))
    }

    /// The forms of `secret` an echo could take besides itself: percent-encoded (with either
    /// case of hex digits) and base64 (with `/` as JSON may escape it, `\/`).
    private static func encodings(of secret: String) -> [String] {
        let base64 = Self.base64(secret)
        return [
            PercentEncoding.encoded(secret), PercentEncoding.encoded(secret, hex: .lower), base64,
            base64.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "\\/"),
        ]
    }

    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with padding, as HTTP Basic credentials are sent.
    static func base64(_ text: String) -> String {
        let source = Array(text.utf8)
        var output: [UInt8] = []
        for start in stride(from: 0, to: source.count, by: 3) {
            let chunk = source[start..<min(start + 3, source.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                output.append(
                    position <= chunk.count
                        ? base64Alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
