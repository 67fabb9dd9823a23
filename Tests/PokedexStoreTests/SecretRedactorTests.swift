import Testing

@testable import JSONOutput
@testable import PokedexStore
@testable import TextUtilities

@Suite("Secret redaction")
struct SecretRedactorTests {
    static let token = "ghp_0123456789abcdefSECRET"

    @Test("percent-encoding with lower-case hex, and base64 with JSON's escaped slash, are redacted too")
    func otherEncodings() {
        let token = "tok/en+with?odd=chars"
        let redactor = SecretRedactor(tokens: [token], urls: [])
        #expect(redactor.redact("q=tok%2fen%2bwith%3fodd%3dchars") == "q=[redacted]")
        let base64 = SecretRedactor.base64("??>" + token)
        let escaped = SecretRedactor(tokens: ["??>" + token], urls: [])
        #expect(base64.contains("/"))
        #expect(
            escaped.redact("{\"b\":\"" + base64.replacingOccurrences(of: "/", with: "\\/") + "\"}")
                == "{\"b\":\"[redacted]\"}")
    }

    @Test(
        "a token an excerpt cut in two is still redacted: its start before the excerpt's marker",
        arguments: [4, 5, 12, 25])
    func cutByAnExcerpt(kept: Int) {
        let padded = String(repeating: "x", count: 100) + "Bearer " + Self.token + " and more"
        let excerpt = Excerpt.of(padded, maximumCharacters: 107 + kept)
        #expect(excerpt.hasSuffix(String(Self.token.prefix(kept)) + Excerpt.marker))
        let redacted = SecretRedactor(tokens: [Self.token], urls: []).redact("GET u: \"\(excerpt)\"; kept")
        #expect(!redacted.contains(String(Self.token.prefix(4))), "\(redacted)")
        #expect(redacted.hasSuffix("Bearer [redacted]…\"; kept"), "\(redacted)")
    }

    @Test(
        "the token is redacted in every form a server could echo",
        arguments: [
            ("Bearer \(token)", "Bearer [redacted]"),
            ("{\"message\":\"bad \(token)\"}", "{\"message\":\"bad [redacted]\"}"),
            ("a\(token)b\(token)", "a[redacted]b[redacted]"),
            ("Basic \(SecretRedactor.base64(token))", "Basic [redacted]"),
            ("nothing secret here", "nothing secret here"),
            ("Pokémon ♀ \(token) é", "Pokémon ♀ [redacted] é"),
        ])
    func tokenForms(text: String, redacted: String) {
        #expect(SecretRedactor(tokens: [Self.token], urls: []).redact(text) == redacted)
    }

    @Test(
        "a base URL's userinfo is redacted as written, decoded and as HTTP Basic credentials",
        arguments: [
            ("GET http://robot:pa%24%24word@host/x failed", "GET http://[redacted]@host/x failed"),
            ("echo: pa$$word", "echo: [redacted]"),
            ("echo: pa%24%24word", "echo: [redacted]"),
            ("Authorization: Basic \(SecretRedactor.base64("robot:pa$$word"))", "Authorization: Basic [redacted]"),
            ("robot alone is a user name, not a secret", "robot alone is a user name, not a secret"),
        ])
    func userinfo(text: String, redacted: String) {
        let redactor = SecretRedactor(tokens: [], urls: ["http://robot:pa%24%24word@host/api?x=a@b"])
        #expect(redactor.redact(text) == redacted)
    }

    @Test("a user name without a password is the credential (https://TOKEN@host)")
    func userAsToken() {
        let redactor = SecretRedactor(tokens: [], urls: ["https://tok3n-value@github.example/api/v3"])
        #expect(
            redactor.redact("GET https://tok3n-value@github.example/x") == "GET https://[redacted]@github.example/x")
    }

    @Test("URLs without userinfo, short values and empty tokens redact nothing")
    func nothingToRedact() {
        let redactor = SecretRedactor(
            tokens: ["", "abc"], urls: ["https://api.github.com/path@x", "not a url", "http://a:b@h"])
        #expect(redactor.secrets.isEmpty)
        #expect(redactor.redact("abc a:b https://api.github.com/path@x") == "abc a:b https://api.github.com/path@x")
    }

    @Test("the environment's tokens and base URLs are the credentials")
    func environment() {
        let redactor = SecretRedactor(
            environment: [
                "GITHUB_TOKEN": "first-token", "GH_TOKEN": "second-token", "POKEAPI_TOKEN": "third-token",
                "POKEAPI_BASE_URL": "http://u:pokeapi-pass@h/api/v2",
            ], urls: ["--github-url=https://x:flag-pass@h"])
        #expect(
            redactor.redact("first-token second-token third-token pokeapi-pass flag-pass")
                == "[redacted] [redacted] [redacted] [redacted] [redacted]")
    }

    @Test("JSON keeps its shape, every string redacted")
    func json() {
        let redactor = SecretRedactor(tokens: [Self.token], urls: [])
        let value = JSONValue.object([
            ("error", .string("Bearer \(Self.token)")), ("count", .int(3)),
            ("list", .array([.string(Self.token), .null])),
        ])
        #expect(
            redactor.redact(value)
                == .object([
                    ("error", .string("Bearer [redacted]")), ("count", .int(3)),
                    ("list", .array([.string("[redacted]"), .null])),
                ]))
    }

    @Test(
        "base64 matches RFC 4648's test vectors",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ])
    func base64(text: String, encoded: String) {
        #expect(SecretRedactor.base64(text) == encoded)
    }
}
