import Foundation

/// An issue or pull-request comment as ``FakeGitHub`` serves it.
public struct FakeGitHubComment: Sendable {
    /// Ids ascend with creation, as GitHub's do.
    public var id: Int64
    public var issueNumber: Int
    /// nil renders `"user": null`: a deleted account.
    public var author: FakeGitHubUser?
    public var authorAssociation: String
    public var body: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64, issueNumber: Int, author: FakeGitHubUser?, authorAssociation: String = "NONE", body: String,
        createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.issueNumber = issueNumber
        self.author = author
        self.authorAssociation = authorAssociation
        self.body = body
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}

/// Deterministic comments: each issue's depend only on the seed and the issue, so a thread
/// is the same whatever else the repository holds.
struct FakeGitHubCommentGenerator {
    static let escapeBody = "Output: \u{1B}[2J\u{1B}[31mcleared\u{1B}[0m and a bell\u{07}"
    /// GitHub's longest comment body, in characters.
    static let longestBody = 65_536

    let seed: UInt64
    let repositoryID: Int64

    /// The first comment id of issue `number`: ids rise with the number, and the comments of
    /// an issue take consecutive ids, so they ascend with creation within a thread.
    func firstID(number: Int) -> Int64 {
        6_000_000_000 + Int64(repositoryID % 1_000) * 10_000_000_000 + Int64(number) * 1_000
    }

    /// Issue `issue`'s `issue.comments` comments, created in order between its creation and
    /// its last update; some edited later, some by deleted accounts.
    func comments(of issue: FakeGitHubIssue) -> [FakeGitHubComment] {
        guard issue.comments > 0 else { return [] }
        var random = SplitMix64(seed: seed ^ (UInt64(issue.number) &* 0xA24B_AED4_963E_E407))
        let created = GitHubTime.seconds(issue.createdAt)
        let span = max(0, GitHubTime.seconds(issue.updatedAt) - created)
        let people: [(FakeGitHubUser?, String)] = [
            (.octocat, "OWNER"), (.hubot, "MEMBER"), (.monalisa, "CONTRIBUTOR"), (.dependabot, "NONE"), (nil, "NONE"),
        ]
        var stamps = (0..<issue.comments).map { _ in created + (span > 0 ? Int64(random.below(Int(span) + 1)) : 0) }
        stamps.sort()
        return stamps.enumerated().map { index, stamp in
            let (author, association) = people[random.below(people.count)]
            let edited = random.below(10) == 0 ? min(stamp + 3_600, GitHubTime.seconds(issue.updatedAt)) : stamp
            return FakeGitHubComment(
                id: firstID(number: issue.number) + Int64(index), issueNumber: issue.number, author: author,
                authorAssociation: association, body: Self.body(random: &random, index: index),
                createdAt: GitHubTime.date(stamp), updatedAt: GitHubTime.date(max(stamp, edited)))
        }
    }

    private static func body(random: inout SplitMix64, index: Int) -> String {
        switch random.below(10) {
        case 0: return ""
        case 1: return escapeBody
        case 2: return "Same here on Ubuntu 24.04\r\nand macOS 14. Café ♀ 日本語 👍🏽"
        case 3: return "He said \"it's broken\"; path C:\\Users\\octocat and a tab\there."
        case 4: return "RTL שלום, U+2028[\u{2028}], NBSP[\u{A0}], combining e\u{301}"
        case 5 where random.below(20) == 0: return String(repeating: "ü", count: longestBody)
        default: return "Comment \(index + 1): bisected to the retry loop."
        }
    }
}
