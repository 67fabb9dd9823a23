import Foundation

/// An issue or pull request as ``FakeGitHub`` serves it. Dates are rendered at second
/// precision (fractions are dropped).
public struct FakeGitHubIssue: Sendable {
    public var id: Int64
    public var number: Int
    public var title: String
    /// `nil` renders as JSON `null` (GitHub's value for an issue created without a body).
    public var body: String?
    /// `"open"` or `"closed"`.
    public var state: String
    /// `"completed"`, `"not_planned"`, `"reopened"`; `nil` for pull requests and open issues.
    public var stateReason: String?
    public var locked: Bool
    public var comments: Int
    public var author: FakeGitHubUser
    /// `OWNER`, `MEMBER`, `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `NONE`, …
    public var authorAssociation: String
    public var labels: [FakeGitHubLabel]
    public var assignees: [FakeGitHubUser]
    public var milestone: FakeGitHubMilestone?
    public var createdAt: Date
    public var updatedAt: Date
    public var closedAt: Date?
    /// Pull requests carry `draft` and a `pull_request` object in issue responses.
    public var isPullRequest: Bool
    public var draft: Bool
    public var mergedAt: Date?

    public init(
        id: Int64, number: Int, title: String, body: String? = nil, state: String = "open",
        stateReason: String? = nil, locked: Bool = false, comments: Int = 0,
        author: FakeGitHubUser = .octocat, authorAssociation: String = "OWNER",
        labels: [FakeGitHubLabel] = [], assignees: [FakeGitHubUser] = [],
        milestone: FakeGitHubMilestone? = nil, createdAt: Date, updatedAt: Date? = nil,
        closedAt: Date? = nil, isPullRequest: Bool = false, draft: Bool = false, mergedAt: Date? = nil
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.body = body
        self.state = state
        self.stateReason = stateReason
        self.locked = locked
        self.comments = comments
        self.author = author
        self.authorAssociation = authorAssociation
        self.labels = labels
        self.assignees = assignees
        self.milestone = milestone
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.closedAt = closedAt
        self.isPullRequest = isPullRequest
        self.draft = draft
        self.mergedAt = mergedAt
    }
}

/// Deterministic issue content: each issue depends only on the seed, the repository id, its
/// number and (for dates) the issue count, never on a shared random stream.
struct FakeGitHubIssueGenerator {
    static let firstCreated = GitHubTime.epoch(year: 2019, month: 1, day: 1)
    static let lastCreated = GitHubTime.epoch(year: 2025, month: 3, day: 1)
    /// Every generated date is before 2025-06-01T00:00:00Z.
    static let latestUpdate = GitHubTime.epoch(year: 2025, month: 6, day: 1) - 1
    static let escapeTitle = "Colour \u{1B}[31mred\u{1B}[0m in the terminal"

    let seed: UInt64
    let repositoryID: Int64
    let labels: [FakeGitHubLabel]
    let milestones: [FakeGitHubMilestone]

    init(seed: UInt64, repositoryID: Int64) {
        self.seed = seed
        self.repositoryID = repositoryID
        let salt = Int64(repositoryID % 1_000) * 100
        labels = [
            FakeGitHubLabel(
                id: 4_100_000_000 + salt + 1, name: "bug", color: "d73a4a",
                description: "Something isn't working"),
            FakeGitHubLabel(
                id: 4_100_000_000 + salt + 2, name: "enhancement", color: "a2eeef",
                description: "New feature or request"),
            FakeGitHubLabel(
                id: 4_100_000_000 + salt + 3, name: "documentation", color: "0075ca",
                description: "Improvements or additions to documentation"),
            FakeGitHubLabel(
                id: 4_100_000_000 + salt + 4, name: "good first issue", color: "7057ff",
                description: "Good for newcomers"),
            FakeGitHubLabel(id: 4_100_000_000 + salt + 5, name: "P-High 🔥", color: "b60205", description: nil),
        ]
        milestones = [
            FakeGitHubMilestone(id: 9_100_000_000 + salt + 1, number: 1, title: "v1.0", state: "closed"),
            FakeGitHubMilestone(id: 9_100_000_000 + salt + 2, number: 2, title: "v1.1", state: "open"),
            FakeGitHubMilestone(id: 9_100_000_000 + salt + 3, number: 3, title: "Backlog 📦", state: "open"),
        ]
    }

    static func issueID(repositoryID: Int64, number: Int) -> Int64 {
        2_500_000_000 + Int64(repositoryID % 1_000) * 10_000_000_000 + Int64(number) * 7
    }

    /// Issue `number` of a repository generated with `count` issues.
    func issue(number: Int, of count: Int) -> FakeGitHubIssue {
        var random = SplitMix64(seed: seed ^ (UInt64(number) &* 0x9E37_79B9_7F4A_7C15))
        let isPullRequest = random.below(4) == 0

        let span = Self.lastCreated - Self.firstCreated
        let step = max(1, span / Int64(max(count, 1)))
        let jitter = step >= 2 ? Int64(random.below(Int(step / 2))) : 0
        let created = Self.firstCreated + Int64(number - 1) * step + jitter
        let latest = max(created, Self.latestUpdate)
        let roll = random.below(100)
        let delta: Int64
        if roll < 25 {
            delta = 0
        } else if roll < 80 {
            delta = Int64(random.below(30 * 86_400))
        } else {
            delta = Int64(random.below(Int(max(1, latest - created))))
        }
        let updated = min(created + delta, latest)

        var issue = content(
            number: number, random: &random, isPullRequest: isPullRequest,
            created: created)
        issue.updatedAt = GitHubTime.date(updated)
        let closedAt = max(created, updated - Int64(random.below(3 * 86_400)))
        if isPullRequest {
            let outcome = random.below(100)
            if outcome < 35 {
                issue.draft = random.below(100) < 40
            } else {
                issue.state = "closed"
                issue.closedAt = GitHubTime.date(closedAt)
                if outcome < 85 { issue.mergedAt = issue.closedAt }
            }
        } else if random.below(100) >= 45 {
            issue.state = "closed"
            issue.closedAt = GitHubTime.date(closedAt)
            issue.stateReason = random.below(100) < 75 ? "completed" : "not_planned"
        }
        return issue
    }

    /// A new open issue created at `created`, for ``FakeGitHub/createIssues(_:count:)``.
    func freshIssue(number: Int, created: Int64) -> FakeGitHubIssue {
        var random = SplitMix64(seed: seed ^ (UInt64(number) &* 0xD1B5_4A32_D192_ED03) ^ 0x5EED)
        var issue = content(number: number, random: &random, isPullRequest: false, created: created)
        issue.comments = 0
        return issue
    }

    /// Open, unlocked-by-default content with `createdAt == updatedAt == created`.
    private func content(
        number: Int, random: inout SplitMix64, isPullRequest: Bool, created: Int64
    ) -> FakeGitHubIssue {
        let humans: [(FakeGitHubUser, String)] = [
            (.octocat, "OWNER"), (.hubot, "MEMBER"), (.monalisa, "CONTRIBUTOR"),
        ]
        let author: FakeGitHubUser
        let association: String
        if isPullRequest && random.below(100) < 40 {
            (author, association) = (.dependabot, "NONE")
        } else {
            (author, association) = humans[random.below(humans.count)]
        }

        let title: String
        if number == 3 {
            title = Self.escapeTitle
        } else if author == .dependabot {
            let minor = random.below(40)
            title = "Bump swift-argument-parser from 1.\(minor).0 to 1.\(minor + 1).0"
        } else {
            title = Self.title(number: number, random: &random)
        }

        var labels: [FakeGitHubLabel] = []
        for _ in 0..<random.below(4) {
            let label = self.labels[random.below(self.labels.count)]
            if !labels.contains(label) { labels.append(label) }
        }
        var assignees: [FakeGitHubUser] = []
        if random.below(100) < 30 {
            for _ in 0...random.below(2) {
                let user = humans[random.below(humans.count)].0
                if !assignees.contains(user) { assignees.append(user) }
            }
        }
        let milestone = random.below(100) < 30 ? milestones[random.below(milestones.count)] : nil
        let comments = random.below(50) == 0 ? 100 + random.below(400) : (random.below(100) < 40 ? 0 : random.below(20))

        return FakeGitHubIssue(
            id: Self.issueID(repositoryID: repositoryID, number: number), number: number, title: title,
            body: Self.body(random: &random), locked: random.below(100) < 3, comments: comments,
            author: author, authorAssociation: association, labels: labels, assignees: assignees,
            milestone: milestone, createdAt: GitHubTime.date(created), isPullRequest: isPullRequest)
    }

    private static func title(number: Int, random: inout SplitMix64) -> String {
        switch random.below(12) {
        case 0: return "Crash when syncing page \(number)"
        case 1: return "Pokémon names with accents (Flabébé) are mangled"
        case 2: return "Search for Nidoran♀ returns nothing"
        case 3: return "支持中文宝可梦名称 (Chinese names) #\(number)"
        case 4: return "Add \"--offline\" flag"
        case 5: return "Export to C:\\Users\\ash\\pokedex fails on Windows"
        case 6: return "Improve README 📚✨"
        case 7: return "Tab\tin the title of issue \(number)"
        case 8: return "Rate limit handling ignores Retry-After"
        case 9: return "Sprites missing for alternate forms (Mr. Mime-Galar, Farfetch’d)"
        case 10:
            let prefix = "A very long title \(number): "
            return prefix + String(repeating: "x", count: 256 - prefix.count)
        default: return "Issue \(number): Пикачу не найден"
        }
    }

    private static func body(random: inout SplitMix64) -> String? {
        switch random.below(12) {
        case 0, 1: return nil
        case 2: return ""
        case 3:
            return "Steps to reproduce:\r\n\r\n1. Run `pokedex sync --github o/r`\r\n2. Wait for page 2\r\n\r\n"
                + "Expected: no crash.\r\nActual: `Fatal error: Index out of range`"
        case 4: return "Café résumé naïve — Nidoran♀ vs Nidoran♂. 日本語・中文・한국어. Emoji: 🐛🔥👍🏽 👨‍👩‍👧 ✨"
        case 5:
            return "He said \"it's broken\"; path C:\\Users\\octocat\\AppData and regex ^\\d+\\.\\d+$ — 'single' too."
        case 6: return "Line one\nLine two\n\tIndented with a tab\n"
        case 7: return "```swift\r\nlet fire = \"\\u{1F525}\"\r\nprint(fire)\r\n```\r\n"
        case 8: return "Mixed line ends\r\nCRLF then LF\nthen CR only\rend"
        case 9: return "Zero-width joiner 👩‍💻, combining e\u{301}, RTL שלום, NBSP[\u{A0}], U+2028[\u{2028}]"
        case 10: return "Terminal output:\r\n\u{1B}[31mERROR\u{1B}[0m: bell\u{07} backspace\u{08} form feed\u{0C}"
        default:
            return random.below(4) == 0
                ? String(repeating: "Lorem ipsum dolor sit amet, ünïcödé “quotes” … ", count: 300)
                : "Short body."
        }
    }
}

/// A tiny deterministic PRNG (SplitMix64); good enough for fixtures, identical on every platform.
public struct SplitMix64 {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (0 when `bound` ≤ 1).
    public mutating func below(_ bound: Int) -> Int {
        bound <= 1 ? 0 : Int(next() % UInt64(bound))
    }

    /// A value in `0..<1`.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
