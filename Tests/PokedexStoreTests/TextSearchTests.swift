import Testing

@testable import IssueStore

/// What `--search` text becomes: words for the full-text index, and words of scripts written
/// without spaces to find anywhere in the text.
@Suite("Issue search text")
struct TextSearchTests {
    @Test(
        "search text becomes quoted prefix terms, so operators cannot break it",
        arguments: [
            ("crash on launch", #""crash"* "on"* "launch"*"#),
            (#"NEAR("a" OR b*) -c"#, #""NEAR"* "a"* "OR"* "b"* "c"*"#),
            ("café", #""café"*"#),
            ("!!!", nil),
        ] as [(String, String?)])
    func fullTextQuery(text: String, expected: String?) {
        #expect(TextSearch(text)?.words == expected)
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
