import Testing

@testable import IssueStore
@testable import PokedexCLI

/// `issues` and `issue` as people see them, word for word: at 80 and 120 columns, plain and
/// in colour (escape sequences written `⎋`).
@Suite("Issue layouts")
struct IssueLayoutGoldenTests {
    static func issue(
        _ number: Int, _ title: String, state: String = "open", pullRequest: Bool = false, labels: [String] = [],
        author: String?, updated: String, matched: SearchMatch = [], body: String? = nil
    ) -> StoredIssue {
        StoredIssue(
            repository: "acme/rocket", number: number, title: title, body: body, state: state, stateReason: nil,
            locked: false, isPullRequest: pullRequest, draft: nil, mergedAt: nil, labels: labels, author: author,
            assignees: [], milestone: nil, comments: 0, createdAt: updated, updatedAt: updated, closedAt: nil,
            htmlURL: "https://github.com/acme/rocket/issues/\(number)", matched: matched)
    }

    static let issues = [
        issue(
            495, "Evolution chains drops the last page when the database is locked", author: "monalisa",
            updated: "2025-05-04T22:51:52Z", matched: .title),
        issue(
            487, "Species import hangs when the Link header has no rel=\"last\"", labels: ["dependencies"],
            author: "gary-oak", updated: "2025-03-28T10:00:00Z", matched: .comments),
        issue(
            1203, "Retry logic ignores the network drops mid-body", state: "closed", pullRequest: true,
            labels: ["invalid", "area: sync"], author: "hubot", updated: "2025-01-28T10:00:00Z",
            matched: [.title, .body]),
        issue(12, "ピカチュウの図鑑が表示されない", labels: ["bug"], author: nil, updated: "2024-12-13T10:00:00Z", matched: .comments),
    ]

    func table(searched: Bool, _ layout: TerminalLayout) -> String {
        layout.render(IssueText.table(Self.issues, searched: searched, width: layout.width)).text
            .replacing("\u{1B}", with: "⎋")
    }

    @Test("at 80 columns titles are cut with an ellipsis; numbers, states and dates never")
    func eighty() {
        #expect(
            table(searched: false, TerminalLayout(width: 80, palette: nil)) == """
                NUMBER  STATE      UPDATED     AUTHOR    TITLE
                #495    open       2025-05-04  monalisa  Evolution chains drops the last page w…
                #487    open       2025-03-28  gary-oak  Species import hangs when the Link hea…
                #1203   pr closed  2025-01-28  hubot     Retry logic ignores the network drops …
                #12     open       2024-12-13            ピカチュウの図鑑が表示されない  [bug]
                """)
        #expect(
            table(searched: true, TerminalLayout(width: 80, palette: nil)) == """
                NUMBER  STATE      UPDATED     AUTHOR    MATCHED     TITLE
                #495    open       2025-05-04  monalisa  title       Evolution chains drops the…
                #487    open       2025-03-28  gary-oak  comments    Species import hangs when …
                #1203   pr closed  2025-01-28  hubot     title,body  Retry logic ignores the ne…
                #12     open       2024-12-13            comments    ピカチュウの図鑑が表示され…
                """)
    }

    @Test("at 80 columns a long login gives way to the title first")
    func longLogin() {
        let issues = [
            Self.issue(
                7, "Sync stops when rate limits reset", author: "a-very-long-github-login-name-of-39-chars",
                updated: "2025-05-04T22:51:52Z"),
            Self.issue(8, "Crash on start", author: "dependabot[bot]", updated: "2025-05-03T22:51:52Z"),
        ]
        #expect(
            TerminalLayout(width: 80, palette: nil).render(IssueText.table(issues, searched: false, width: 80)).text
                == """
                NUMBER  STATE  UPDATED     AUTHOR              TITLE
                #7      open   2025-05-04  a-very-long-githu…  Sync stops when rate limits reset
                #8      open   2025-05-03  dependabot[bot]     Crash on start
                """)
    }

    @Test("at 120 columns the labels show too")
    func hundredTwenty() {
        #expect(
            table(searched: false, TerminalLayout(width: 120, palette: nil)) == """
                NUMBER  STATE      UPDATED     AUTHOR    TITLE
                #495    open       2025-05-04  monalisa  Evolution chains drops the last page when the database is locked
                #487    open       2025-03-28  gary-oak  Species import hangs when the Link header has no rel="last"  \
                [dependencies]
                #1203   pr closed  2025-01-28  hubot     Retry logic ignores the network drops mid-body  [invalid, area: \
                sync]
                #12     open       2024-12-13            ピカチュウの図鑑が表示されない  [bug]
                """)
    }

    @Test("in colour: the header bold, open green, closed purple")
    func colored() {
        #expect(
            table(searched: false, TerminalLayout(width: 80, palette: Palette(depth: .indexed256))) == """
                ⎋[1mNUMBER⎋[0m  ⎋[1mSTATE⎋[0m      ⎋[1mUPDATED⎋[0m     ⎋[1mAUTHOR⎋[0m    ⎋[1mTITLE⎋[0m
                #495    ⎋[38;5;71mopen⎋[0m       2025-05-04  monalisa  Evolution chains drops the last page w…
                #487    ⎋[38;5;71mopen⎋[0m       2025-03-28  gary-oak  Species import hangs when the Link hea…
                #1203   ⎋[38;5;135mpr closed⎋[0m  2025-01-28  hubot     Retry logic ignores the network drops …
                #12     ⎋[38;5;71mopen⎋[0m       2024-12-13            ピカチュウの図鑑が表示されない  [bug]
                """)
    }

    @Test("issue: fields and the body wrapped to the width, indentation and tabs kept as drawn")
    func detail() {
        let body =
            "A long first line of the body, which a terminal of forty columns cannot hold.\n\n"
            + "    indented code that goes on and on past the edge\n\tafter a tab"
        let text = IssueText.detail(
            Self.issue(7, "A title", author: "monalisa", updated: "2025-01-01T00:00:00Z", body: body), [],
            layout: TerminalLayout(width: 40, palette: nil)
        ).text
        #expect(
            text == """
                acme/rocket#7 A title
                Kind        issue
                State       open
                Author      monalisa
                Comments    0
                Created     2025-01-01T00:00:00Z
                Updated     2025-01-01T00:00:00Z
                URL         https://github.com/acme/rocket/issues/7

                A long first line of the body, which a
                terminal of forty columns cannot hold.

                    indented code that goes on and on
                      past the edge
                        after a tab
                """)
    }

    @Test("a fenced code block's lines are cut at the width, as a terminal wraps them, not broken at spaces")
    func fencedCode() {
        let body =
            "Steps:\n```\n000003 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n~~~ still code\n```swift\n```\n"
            + "A long line after the block, wrapped by its words."
        let lines = IssueText.detailLines(
            Self.issue(7, "A title", author: "monalisa", updated: "2025-01-01T00:00:00Z", body: body), [], width: 40
        ).map(\.plain)
        let start = lines.firstIndex(of: "Steps:") ?? 0
        #expect(
            Array(lines[start...]) == [
                "Steps:", "```", "000003 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "xxxxxxxxxxxxxxxxxxxxxx", "~~~ still code",
                "```swift", "```", "A long line after the block, wrapped by", "its words.",
            ])
    }

    @Test(
        "a fence is three or more backticks or tildes, up to three spaces in",
        arguments: [
            ("```", "```"), ("```swift", "```"), ("   ~~~~", "~~~~"), ("    ```", nil), ("``", nil), ("text ```", nil),
        ] as [(String, String?)])
    func fences(line: String, marker: String?) {
        #expect(IssueText.fenceMarker(line) == marker)
    }

    static func comment(author: String?, edited: String) -> StoredComment {
        StoredComment(
            id: 1, author: author, authorAssociation: nil, body: "", createdAt: "2025-01-01T00:00:00Z",
            updatedAt: edited, htmlURL: "u")
    }

    @Test(
        "a comment's header: its edit on the same line where it fits, else on the next",
        arguments: [
            (comment(author: "ash", edited: "2025-01-01T00:00:00Z"), ["--- ash commented at 2025-01-01T00:00:00Z ---"]),
            (
                comment(author: "monalisa", edited: "2025-02-03T04:05:06Z"),
                ["--- monalisa commented at 2025-01-01T00:00:00Z, edited 2025-02-03T04:05:06Z ---"]
            ),
            (
                comment(author: "professor-oak", edited: "2025-02-03T04:05:06Z"),
                ["--- professor-oak commented at 2025-01-01T00:00:00Z,", "    edited 2025-02-03T04:05:06Z ---"]
            ),
            (
                comment(author: nil, edited: "2025-02-03T04:05:06Z"),
                ["--- (deleted account) commented at 2025-01-01T00:00:00Z,", "    edited 2025-02-03T04:05:06Z ---"]
            ),
        ])
    func commentHeader(comment: StoredComment, expected: [String]) {
        #expect(IssueText.header(comment, width: 80) == expected)
    }
}
