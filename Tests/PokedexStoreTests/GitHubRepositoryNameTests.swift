import Testing

@testable import IssueStore
@testable import PokedexStore

@Suite("OWNER/REPO validation")
struct GitHubRepositoryNameTests {
    @Test(
        "accepts what GitHub allows",
        arguments: [
            "apple/swift", "octo-org/hello-world", "a/b", "user_emu/repo", "o/.github", "o/re.po_x-1", "O/R",
        ])
    func valid(text: String) throws {
        let name = try #require(GitHubRepositoryName(text))
        #expect(name.description == text)
    }

    @Test(
        "rejects what GitHub does not",
        arguments: [
            "", "/", "apple", "apple/", "/swift", "apple/swift/extra", "apple//swift", "-apple/swift", "apple-/swift",
            "ap--ple/swift", "apple/.", "apple/..", "apple/sw ift", "apple/swift?x", "apple/swift#1", "äpple/swift",
            "apple/swïft", String(repeating: "a", count: 40) + "/x", "a/" + String(repeating: "b", count: 101),
            "apple/%2e%2e", "apple\\swift",
        ])
    func invalid(text: String) {
        #expect(GitHubRepositoryName(text) == nil)
    }

    @Test(
        "search text becomes quoted prefix terms, so operators cannot break it",
        arguments: [
            ("crash on launch", #""crash"* "on"* "launch"*"#),
            (#"NEAR("a" OR b*) -c"#, #""NEAR"* "a"* "OR"* "b"* "c"*"#),
            ("café", #""café"*"#),
            ("!!!", nil),
        ] as [(String, String?)])
    func fullTextQuery(text: String, expected: String?) {
        #expect(FullTextQuery.allWords(text) == expected)
    }

    @Test(
        "a search's words of scripts written without spaces are looked for as text, the others in the index",
        arguments: [
            ("crash on launch", #""crash"* "on"* "launch"*"#, []),
            ("表示 crash", #""crash"*"#, ["表示"]),
            ("日本語、名前", nil, ["日本語", "名前"]),
            ("ภาษาไทย ﾋﾟｶ Swift言語", nil, ["ภาษาไทย", "ﾋﾟｶ", "Swift言語"]),
            ("한국어 café", #""한국어"* "café"*"#, []),
        ] as [(String, String?, [String])])
    func textSearch(text: String, words: String?, substrings: [String]) {
        let search = TextSearch(text)
        #expect(search?.words == words && search?.substrings == substrings)
    }
}
