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
}
