import Foundation

/// UTC calendar arithmetic at whole seconds, without Calendar/DateFormatter (which are slow and
/// locale-sensitive); GitHub's wire format is always `YYYY-MM-DDTHH:MM:SSZ`.
enum GitHubTime {
    static func seconds(_ date: Date) -> Int64 {
        Int64(floor(date.timeIntervalSince1970))
    }

    static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    static func epoch(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64 {
        daysFromCivil(year: year, month: month, day: day) * 86_400
            + Int64(hour * 3_600 + minute * 60 + second)
    }

    /// `2019-01-01T00:00:00Z`.
    static func iso(_ seconds: Int64) -> String {
        let (date, time) = split(seconds)
        return "\(date)T\(time)Z"
    }

    static func iso(_ date: Date) -> String { iso(seconds(date)) }

    /// `2019-01-01 00:00:00 UTC`, as in GitHub's rate-limit messages.
    static func support(_ seconds: Int64) -> String {
        let (date, time) = split(seconds)
        return "\(date) \(time) UTC"
    }

    /// Parses what GitHub accepts for `since`: `YYYY-MM-DD`, or
    /// `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z`, `±HH:MM`, `±HHMM` or nothing (UTC).
    /// An unencoded `+` in a query arrives as a space, so ` HH:MM` counts as `+HH:MM`.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + width] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }
        func take(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(epoch(year: year, month: month, day: day))
        if index == bytes.count { return seconds }
        guard take("Tt "), let hour = number(2), take(":"), let minute = number(2),
            hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3_600 + minute * 60)
        if take(":") {
            guard let second = number(2), second <= 60 else { return nil }
            seconds += Double(second)
            if take(".,") {
                var scale = 0.1
                let start = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    seconds += Double(bytes[index] - UInt8(ascii: "0")) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        if index == bytes.count || (take("Zz") && index == bytes.count) { return seconds }
        guard index < bytes.count, "+- ".utf8.contains(bytes[index]) else { return nil }
        let sign: Double = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let offsetHours = number(2) else { return nil }
        _ = take(":")
        guard let offsetMinutes = number(2), index == bytes.count, offsetHours < 24, offsetMinutes < 60
        else { return nil }
        return seconds - sign * Double(offsetHours * 3_600 + offsetMinutes * 60)
    }

    private static func split(_ seconds: Int64) -> (date: String, time: String) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civilFromDays(days)
        let date = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        let time = "\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        return (date, time)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian, 1970-01-01 = 0).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }
}

/// A strong ETag value (`"<32 hex>"`) for a response body: two independent 64-bit lanes over
/// 8-byte words (fast even in debug builds, where a byte-wise loop over 400 KB costs ~20 ms).
func fakeGitHubETag(_ bytes: [UInt8]) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    var second: UInt64 = 0x8422_2325_cbf2_9ce4
    bytes.withUnsafeBytes { raw in
        let wordCount = raw.count / 8
        var offset = 0
        for _ in 0..<wordCount {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            first = (first ^ word) &* 0x0000_0100_0000_01b3
            first ^= first >> 29
            second = (second ^ word.byteSwapped) &* 0x9E37_79B9_7F4A_7C15
            second ^= second >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
        first = (first ^ tail) &* 0x0000_0100_0000_01b3
        second = (second ^ tail) &* 0x9E37_79B9_7F4A_7C15
    }
    first ^= first >> 32
    second ^= second >> 29
    return "\"\(hex(first, width: 16))\(hex(second, width: 16))\""
}

/// Lower-case hex, zero-padded to `width`.
func hex<Value: BinaryInteger>(_ value: Value, width: Int, uppercase: Bool = false) -> String {
    let text = String(value, radix: 16, uppercase: uppercase)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}

/// Percent-encodes everything except RFC 3986 unreserved characters (for one path segment).
func percentEncodedSegment(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            output.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            output += "%" + hex(byte, width: 2, uppercase: true)
        }
    }
    return output
}

/// Builds GitHub-shaped JSON for one repository. `api` is the fake's base URL (it stands in for
/// `https://api.github.com`); `html_url`s point at `https://github.com` like the real ones.
struct FakeGitHubRenderer {
    static let web = "https://github.com"
    static let defaultLabelNames: Set<String> = [
        "bug", "documentation", "duplicate", "enhancement", "good first issue", "help wanted",
        "invalid", "question", "wontfix",
    ]

    let api: String
    let repository: FakeGitHubRepository
    /// Open/closed issue counts per milestone number (pull requests included, as on GitHub).
    let milestoneCounts: [Int: (open: Int, closed: Int)]

    init(api: String, repository: FakeGitHubRepository) {
        self.api = api
        self.repository = repository
        var counts: [Int: (open: Int, closed: Int)] = [:]
        for issue in repository.issues {
            guard let number = issue.milestone?.number else { continue }
            var count = counts[number] ?? (0, 0)
            if issue.state == "closed" { count.closed += 1 } else { count.open += 1 }
            counts[number] = count
        }
        milestoneCounts = counts
    }

    private var repositoryURL: String { "\(api)/repos/\(repository.owner)/\(repository.name)" }
    private var repositoryHTML: String { "\(Self.web)/\(repository.owner)/\(repository.name)" }

    static func nodeID(_ kind: String, _ id: Int64) -> OrderedJSON {
        // The legacy global-id format: base64("<len>:<Type><id>"), e.g. MDU6SXNzdWUx for Issue 1.
        .string(Data("0\(kind.count):\(kind)\(id)".utf8).base64EncodedString())
    }

    private static func date(_ date: Date?) -> OrderedJSON {
        date.map { .string(GitHubTime.iso($0)) } ?? .null
    }

    func user(_ user: FakeGitHubUser) -> OrderedJSON {
        let login = percentEncodedSegment(user.login)
        let url = "\(api)/users/\(login)"
        let html = user.type == "Bot" && user.login.hasSuffix("[bot]")
            ? "\(Self.web)/apps/\(user.login.dropLast(5))" : "\(Self.web)/\(user.login)"
        return .object([
            ("login", .string(user.login)),
            ("id", .int(Int(user.id))),
            ("node_id", Self.nodeID(user.type == "Organization" ? "Organization" : user.type == "Bot" ? "Bot" : "User", user.id)),
            ("avatar_url", .string("https://avatars.githubusercontent.com/u/\(user.id)?v=4")),
            ("gravatar_id", .string("")),
            ("url", .string(url)),
            ("html_url", .string(html)),
            ("followers_url", .string("\(url)/followers")),
            ("following_url", .string("\(url)/following{/other_user}")),
            ("gists_url", .string("\(url)/gists{/gist_id}")),
            ("starred_url", .string("\(url)/starred{/owner}{/repo}")),
            ("subscriptions_url", .string("\(url)/subscriptions")),
            ("organizations_url", .string("\(url)/orgs")),
            ("repos_url", .string("\(url)/repos")),
            ("events_url", .string("\(url)/events{/privacy}")),
            ("received_events_url", .string("\(url)/received_events")),
            ("type", .string(user.type)),
            ("site_admin", .bool(false)),
        ])
    }

    private func label(_ label: FakeGitHubLabel) -> OrderedJSON {
        .object([
            ("id", .int(Int(label.id))),
            ("node_id", Self.nodeID("Label", label.id)),
            ("url", .string("\(repositoryURL)/labels/\(percentEncodedSegment(label.name))")),
            ("name", .string(label.name)),
            ("color", .string(label.color)),
            ("default", .bool(Self.defaultLabelNames.contains(label.name))),
            ("description", .string(label.description)),
        ])
    }

    private func milestone(_ milestone: FakeGitHubMilestone) -> OrderedJSON {
        let url = "\(repositoryURL)/milestones/\(milestone.number)"
        let counts = milestoneCounts[milestone.number] ?? (0, 0)
        let created = GitHubTime.epoch(year: 2018, month: 12, day: 1) + Int64(milestone.number) * 86_400
        let closed = milestone.state == "closed"
        return .object([
            ("url", .string(url)),
            ("html_url", .string("\(repositoryHTML)/milestone/\(milestone.number)")),
            ("labels_url", .string("\(url)/labels")),
            ("id", .int(Int(milestone.id))),
            ("node_id", Self.nodeID("Milestone", milestone.id)),
            ("number", .int(milestone.number)),
            ("title", .string(milestone.title)),
            ("description", .null),
            ("creator", user(.octocat)),
            ("open_issues", .int(counts.open)),
            ("closed_issues", .int(counts.closed)),
            ("state", .string(milestone.state)),
            ("created_at", .string(GitHubTime.iso(created))),
            ("updated_at", .string(GitHubTime.iso(created + 86_400))),
            ("due_on", .null),
            ("closed_at", closed ? .string(GitHubTime.iso(created + 86_400)) : .null),
        ])
    }

    /// An issue object in list shape, or with `closed_by` when `single`.
    func issue(_ issue: FakeGitHubIssue, single: Bool) -> OrderedJSON {
        let url = "\(repositoryURL)/issues/\(issue.number)"
        var members: [(String, OrderedJSON)] = [
            ("url", .string(url)),
            ("repository_url", .string(repositoryURL)),
            ("labels_url", .string("\(url)/labels{/name}")),
            ("comments_url", .string("\(url)/comments")),
            ("events_url", .string("\(url)/events")),
            ("html_url", .string("\(repositoryHTML)/\(issue.isPullRequest ? "pull" : "issues")/\(issue.number)")),
            ("id", .int(Int(issue.id))),
            ("node_id", Self.nodeID(issue.isPullRequest ? "PullRequest" : "Issue", issue.id)),
            ("number", .int(issue.number)),
            ("title", .string(issue.title)),
            ("user", user(issue.author)),
            ("labels", .array(issue.labels.map(label))),
            ("state", .string(issue.state)),
            ("locked", .bool(issue.locked)),
            ("assignee", issue.assignees.first.map(user) ?? .null),
            ("assignees", .array(issue.assignees.map(user))),
            ("milestone", issue.milestone.map(milestone) ?? .null),
            ("comments", .int(issue.comments)),
            ("created_at", Self.date(issue.createdAt)),
            ("updated_at", Self.date(issue.updatedAt)),
            ("closed_at", Self.date(issue.closedAt)),
            ("author_association", .string(issue.authorAssociation)),
            ("active_lock_reason", issue.locked ? .string("resolved") : .null),
        ]
        if issue.isPullRequest {
            let pull = "\(repositoryHTML)/pull/\(issue.number)"
            members.append(("draft", .bool(issue.draft)))
            members.append(("pull_request", .object([
                ("url", .string("\(repositoryURL)/pulls/\(issue.number)")),
                ("html_url", .string(pull)),
                ("diff_url", .string("\(pull).diff")),
                ("patch_url", .string("\(pull).patch")),
                ("merged_at", Self.date(issue.mergedAt)),
            ])))
        }
        members.append(("body", .string(issue.body)))
        if single {
            members.append(("closed_by", issue.state == "closed" ? user(.octocat) : .null))
        }
        // Reaction counts are a deterministic function of the id, not part of the model.
        let heart = Int(issue.id % 5 == 0 ? issue.id % 3 : 0)
        let plusOne = Int(issue.id % 3 == 0 ? issue.id % 7 : 0)
        members += [
            ("reactions", .object([
                ("url", .string("\(url)/reactions")),
                ("total_count", .int(heart + plusOne)),
                ("+1", .int(plusOne)),
                ("-1", .int(0)),
                ("laugh", .int(0)),
                ("hooray", .int(0)),
                ("confused", .int(0)),
                ("heart", .int(heart)),
                ("rocket", .int(0)),
                ("eyes", .int(0)),
            ])),
            ("timeline_url", .string("\(url)/timeline")),
            ("performed_via_github_app", .null),
            ("state_reason", .string(issue.stateReason)),
        ]
        return .object(members)
    }

    /// The repository object, keys in api.github.com's order (minus the token-specific
    /// `permissions` and `temp_clone_token`).
    func repositoryObject() -> OrderedJSON {
        let url = repositoryURL
        let owner = FakeGitHubUser(
            login: repository.owner,
            id: 10_000_000 + Int64(fakeGitHubHash(repository.owner.lowercased()) % 90_000_000),
            type: "Organization")
        let created = GitHubTime.epoch(year: 2018, month: 11, day: 1) + Int64(repository.id % 86_400)
        let latest = repository.issues.map { GitHubTime.seconds($0.updatedAt) }.max() ?? created
        let openCount = repository.issues.lazy.filter { $0.state == "open" }.count
        let fullName = repository.fullName
        let urls: [(String, String)] = [
            ("forks_url", "/forks"), ("keys_url", "/keys{/key_id}"),
            ("collaborators_url", "/collaborators{/collaborator}"), ("teams_url", "/teams"),
            ("hooks_url", "/hooks"), ("issue_events_url", "/issues/events{/number}"),
            ("events_url", "/events"), ("assignees_url", "/assignees{/user}"),
            ("branches_url", "/branches{/branch}"), ("tags_url", "/tags"),
            ("blobs_url", "/git/blobs{/sha}"), ("git_tags_url", "/git/tags{/sha}"),
            ("git_refs_url", "/git/refs{/sha}"), ("trees_url", "/git/trees{/sha}"),
            ("statuses_url", "/statuses/{sha}"), ("languages_url", "/languages"),
            ("stargazers_url", "/stargazers"), ("contributors_url", "/contributors"),
            ("subscribers_url", "/subscribers"), ("subscription_url", "/subscription"),
            ("commits_url", "/commits{/sha}"), ("git_commits_url", "/git/commits{/sha}"),
            ("comments_url", "/comments{/number}"), ("issue_comment_url", "/issues/comments{/number}"),
            ("contents_url", "/contents/{+path}"), ("compare_url", "/compare/{base}...{head}"),
            ("merges_url", "/merges"), ("archive_url", "/{archive_format}{/ref}"),
            ("downloads_url", "/downloads"), ("issues_url", "/issues{/number}"),
            ("pulls_url", "/pulls{/number}"), ("milestones_url", "/milestones{/number}"),
            ("notifications_url", "/notifications{?since,all,participating}"),
            ("labels_url", "/labels{/name}"), ("releases_url", "/releases{/id}"),
            ("deployments_url", "/deployments"),
        ]
        let stars = Int(repository.id % 997)
        var members: [(String, OrderedJSON)] = [
            ("id", .int(Int(repository.id))),
            ("node_id", Self.nodeID("Repository", repository.id)),
            ("name", .string(repository.name)),
            ("full_name", .string(fullName)),
            ("private", .bool(false)),
            ("owner", user(owner)),
            ("html_url", .string(repositoryHTML)),
            ("description", .string(repository.description)),
            ("fork", .bool(false)),
            ("url", .string(url)),
        ]
        members += urls.map { ($0.0, .string(url + $0.1)) }
        members += [
            ("created_at", .string(GitHubTime.iso(created))),
            ("updated_at", .string(GitHubTime.iso(max(created, latest)))),
            ("pushed_at", .string(GitHubTime.iso(max(created, latest)))),
            ("git_url", .string("git://github.com/\(fullName).git")),
            ("ssh_url", .string("git@github.com:\(fullName).git")),
            ("clone_url", .string("\(repositoryHTML).git")),
            ("svn_url", .string(repositoryHTML)),
            ("homepage", .null),
            ("size", .int(128 + repository.issues.count)),
            ("stargazers_count", .int(stars)),
            ("watchers_count", .int(stars)),
            ("language", .string("Swift")),
            ("has_issues", .bool(repository.hasIssues)),
            ("has_projects", .bool(true)),
            ("has_downloads", .bool(true)),
            ("has_wiki", .bool(true)),
            ("has_pages", .bool(false)),
            ("forks_count", .int(stars / 10)),
            ("mirror_url", .null),
            ("archived", .bool(false)),
            ("disabled", .bool(false)),
            ("open_issues_count", .int(openCount)),
            ("license", .null),
            ("allow_forking", .bool(true)),
            ("is_template", .bool(false)),
            ("web_commit_signoff_required", .bool(false)),
            ("topics", .array([.string("pokemon"), .string("sqlite")])),
            ("visibility", .string("public")),
            ("forks", .int(stars / 10)),
            ("open_issues", .int(openCount)),
            ("watchers", .int(stars)),
            ("default_branch", .string(repository.defaultBranch)),
            ("allow_squash_merge", .bool(true)),
            ("allow_merge_commit", .bool(true)),
            ("allow_rebase_merge", .bool(true)),
            ("allow_auto_merge", .bool(false)),
            ("delete_branch_on_merge", .bool(false)),
            ("allow_update_branch", .bool(false)),
            ("use_squash_pr_title_as_default", .bool(false)),
            ("organization", user(owner)),
            ("network_count", .int(stars / 10)),
            ("subscribers_count", .int(stars / 3)),
        ]
        return .object(members)
    }
}
