import Testing

@testable import TextUtilities

@Suite("tokens read from a file or a variable")
struct TokenLineTests {
    @Test(
        "the first line, without the CR, spaces or tabs around it",
        arguments: [
            ("s3cret", "s3cret"), ("s3cret\r\n", "s3cret"), ("s3cret\r", "s3cret"), ("  s3cret\t\n", "s3cret"),
            ("s3cret\nX-Injected: 1", "s3cret"), ("s3 cret", "s3 cret"), ("\r\n", ""), ("", ""),
        ])
    func firstLine(text: String, expected: String) {
        #expect(TokenLine.first(Array(text.utf8)) == expected)
    }

    @Test(
        "a variable holding no text is no token",
        arguments: [(nil, nil), ("", nil), (" \r\n", nil), ("tok-123\r", "tok-123")] as [(String?, String?)])
    func variable(value: String?, expected: String?) {
        let environment = value.map { ["POKEAPI_TOKEN": $0] } ?? [:]
        #expect(TokenLine.fromEnvironment("POKEAPI_TOKEN", environment) == expected)
    }

    @Test(
        "a token goes in a header as it is only without control characters",
        arguments: [
            ("s3cret-Token_1.2~", true), ("s3 cret", true), ("s3\rcret", false), ("s3\tcret", false), ("\u{7F}", false),
        ])
    func printable(token: String, isPrintable: Bool) {
        #expect(TokenLine.isPrintable(token) == isPrintable)
    }

    @Test("a token read with its CR is redacted as it is sent, without it")
    func redactedAsSent() {
        let redactor = SecretRedactor(environment: ["POKEAPI_TOKEN": "crlf-secret-token\r"])
        #expect(redactor.redact("Bearer crlf-secret-token") == "Bearer [redacted]")
    }
}
