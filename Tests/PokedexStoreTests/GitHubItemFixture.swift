/// GitHub items shaped like api.github.com's (every URL field, user objects, reactions), with
/// bodies of prose drawn from a seeded generator: they compress about as real items do (≈3.5×), not
/// as a repeated string would.
enum GitHubItemFixture {
    static let words = [
        "rocket", "launch", "engine", "telemetry", "the", "a", "when", "after", "stage", "fails", "build", "with",
        "nozzle", "throttle", "sensor", "reading", "drops", "to", "zero", "during", "ascent", "we", "saw", "log",
        "retry", "timeout", "config", "parser", "yaml", "release", "café", "naïve", "regression", "since", "v2",
        "valve", "pressure", "ignition", "abort", "sequence", "ground", "station", "packet", "loss", "checksum",
    ]

    /// A deterministic generator (SplitMix64), so a failing test fails the same way again.
    struct Seeded {
        var state: UInt64

        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
    }

    /// About `bytes` bytes of sentences, with line breaks and a hex id now and then.
    static func prose(seed: UInt64, bytes: Int) -> String {
        var random = Seeded(state: seed)
        var text = ""
        while text.utf8.count < bytes {
            let sentence = (0..<(6 + random.next(below: 14))).map { _ in words[random.next(below: words.count)] }
            text += sentence.joined(separator: " ") + ". "
            switch random.next(below: 8) {
            case 0: text += "\n\n"
            case 1: text += "Trace id 0x\(String(random.next(below: Int(Int32.max)), radix: 16)). "
            default: break
            }
        }
        return text
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        "\"" + text.replacingNewlines() + "\""
    }

    static func user(id: Int, login: String) -> String {
        let api = "https://api.github.com/users/\(login)"
        return """
            {"login":"\(login)","id":\(id),"node_id":"MDQ6VXNlcj\(id)","avatar_url":"https://avatars.githubusercontent.com/u/\(id)?v=4",\
            "gravatar_id":"","url":"\(api)","html_url":"https://github.com/\(login)","followers_url":"\(api)/followers",\
            "following_url":"\(api)/following{/other_user}","gists_url":"\(api)/gists{/gist_id}",\
            "starred_url":"\(api)/starred{/owner}{/repo}","subscriptions_url":"\(api)/subscriptions",\
            "organizations_url":"\(api)/orgs","repos_url":"\(api)/repos","events_url":"\(api)/events{/privacy}",\
            "received_events_url":"\(api)/received_events","type":"User","user_view_type":"public","site_admin":false}
            """
    }

    static func reactions(url: String, seed: UInt64) -> String {
        var random = Seeded(state: seed)
        let counts = (0..<8).map { _ in random.next(below: 5) }
        return """
            {"url":"\(url)/reactions","total_count":\(counts.reduce(0, +)),"+1":\(counts[0]),"-1":\(counts[1]),\
            "laugh":\(counts[2]),"hooray":\(counts[3]),"confused":\(counts[4]),"heart":\(counts[5]),\
            "rocket":\(counts[6]),"eyes":\(counts[7])}
            """
    }

    static func repository(id: Int, fullName: String) -> String {
        let api = "https://api.github.com/repos/\(fullName)"
        let owner = String(fullName.prefix { $0 != "/" })
        return """
            {"id":\(id),"node_id":"R_kgDO\(id)","name":"\(fullName.drop { $0 != "/" }.dropFirst())",\
            "full_name":"\(fullName)","private":false,"owner":\(user(id: id + 1, login: owner)),\
            "html_url":"https://github.com/\(fullName)","description":"Flight software, 🚀 and café",\
            "fork":false,"url":"\(api)","issues_url":"\(api)/issues{/number}","default_branch":"main",\
            "open_issues_count":12,"has_issues":true,"archived":false}
            """
    }

    /// An issue of about `bodyBytes` bytes of body, in the field order GitHub sends.
    static func issue(
        id: Int, repository: String, number: Int, title: String, body: String, author: (id: Int, login: String),
        comments: Int
    ) -> String {
        let api = "https://api.github.com/repos/\(repository)/issues/\(number)"
        return """
            {"url":"\(api)","repository_url":"https://api.github.com/repos/\(repository)",\
            "labels_url":"\(api)/labels{/name}","comments_url":"\(api)/comments","events_url":"\(api)/events",\
            "html_url":"https://github.com/\(repository)/issues/\(number)","id":\(id),"node_id":"I_kwDO\(id)",\
            "number":\(number),"title":\(jsonString(title)),"user":\(user(id: author.id, login: author.login)),\
            "labels":[{"id":501,"node_id":"LA_501","url":"https://api.github.com/repos/\(repository)/labels/bug",\
            "name":"bug","color":"d73a4a","default":true,"description":"Something isn't working"}],\
            "state":"open","locked":false,"assignee":\(user(id: 7, login: "hubot")),\
            "assignees":[\(user(id: 7, login: "hubot"))],"milestone":null,"comments":\(comments),\
            "created_at":"2024-01-\(String(format2: number % 28 + 1))T00:00:00Z","updated_at":"2024-02-01T00:00:00Z",\
            "closed_at":null,"author_association":"MEMBER","type":null,"active_lock_reason":null,"sub_issues_summary":\
            {"total":0,"completed":0,"percent_completed":0},"body":\(jsonString(body)),"closed_by":null,\
            "reactions":\(reactions(url: api, seed: UInt64(id))),"timeline_url":"\(api)/timeline",\
            "performed_via_github_app":null,"state_reason":null}
            """
    }

    static func comment(id: Int, repository: String, issueNumber: Int, body: String, author: (id: Int, login: String))
        -> String
    {
        let api = "https://api.github.com/repos/\(repository)/issues/comments/\(id)"
        return """
            {"url":"\(api)","html_url":"https://github.com/\(repository)/issues/\(issueNumber)#issuecomment-\(id)",\
            "issue_url":"https://api.github.com/repos/\(repository)/issues/\(issueNumber)","id":\(id),\
            "node_id":"IC_kwDO\(id)","user":\(user(id: author.id, login: author.login)),\
            "created_at":"2024-02-0\(id % 9 + 1)T00:00:00Z","updated_at":"2024-02-0\(id % 9 + 1)T00:00:00Z",\
            "author_association":"CONTRIBUTOR","body":\(jsonString(body)),\
            "reactions":\(reactions(url: api, seed: UInt64(id))),"performed_via_github_app":null}
            """
    }
}

extension String {
    /// Two digits, zero-padded.
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }

    /// Line breaks as JSON escapes (the prose has no other character JSON escapes).
    fileprivate func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
    }
}
