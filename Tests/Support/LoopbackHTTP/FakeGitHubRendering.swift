import Foundation

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

    /// Whether the owner renders as an `Organization` (the fake's `organizations`) or a `User`.
    let ownerIsOrganization: Bool

    init(api: String, repository: FakeGitHubRepository, ownerIsOrganization: Bool) {
        self.api = api
        self.repository = repository
        self.ownerIsOrganization = ownerIsOrganization
        var counts: [Int: (open: Int, closed: Int)] = [:]
        for issue in repository.issues {
            guard let number = issue.milestone?.number else { continue }
            var count = counts[number] ?? (0, 0)
            if issue.state == "closed" { count.closed += 1 } else { count.open += 1 }
            counts[number] = count
        }
        milestoneCounts = counts
    }

    var repositoryURL: String { "\(api)/repos/\(repository.owner)/\(repository.name)" }
    var repositoryHTML: String { "\(Self.web)/\(repository.owner)/\(repository.name)" }

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
        let html =
            user.type == "Bot" && user.login.hasSuffix("[bot]")
            ? "\(Self.web)/apps/\(user.login.dropLast(5))" : "\(Self.web)/\(user.login)"
        return .object([
            ("login", .string(user.login)),
            ("id", .int(Int(user.id))),
            (
                "node_id",
                Self.nodeID(user.type == "Organization" ? "Organization" : user.type == "Bot" ? "Bot" : "User", user.id)
            ),
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

    /// An issue object as an issues page lists it.
    func issue(_ issue: FakeGitHubIssue) -> OrderedJSON {
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
            members.append(
                (
                    "pull_request",
                    .object([
                        ("url", .string("\(repositoryURL)/pulls/\(issue.number)")),
                        ("html_url", .string(pull)),
                        ("diff_url", .string("\(pull).diff")),
                        ("patch_url", .string("\(pull).patch")),
                        ("merged_at", Self.date(issue.mergedAt)),
                    ])
                ))
        }
        members.append(("body", .string(issue.body)))
        // Reaction counts are a deterministic function of the id, not part of the model.
        let heart = Int(issue.id % 5 == 0 ? issue.id % 3 : 0)
        let plusOne = Int(issue.id % 3 == 0 ? issue.id % 7 : 0)
        members += [
            (
                "reactions",
                .object([
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
                ])
            ),
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
            id: 10_000_000 + Int64(fnv1a64(Array(repository.owner.lowercased().utf8)) % 90_000_000),
            type: ownerIsOrganization ? "Organization" : "User")
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
            ("private", .bool(repository.isPrivate)),
            ("owner", user(owner)),
            ("html_url", .string(repositoryHTML)),
            ("description", .string(repository.description)),
            ("fork", .bool(repository.isFork)),
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
            ("archived", .bool(repository.isArchived)),
            ("disabled", .bool(false)),
            ("open_issues_count", .int(openCount)),
            ("license", .null),
            ("allow_forking", .bool(true)),
            ("is_template", .bool(false)),
            ("web_commit_signoff_required", .bool(false)),
            ("topics", .array([.string("pokemon"), .string("sqlite")])),
            ("visibility", .string(repository.isPrivate ? "private" : "public")),
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
