import IssueStore
import PokedexStore

// GitHub's issue and comment objects read with JSONScanner: the stored fields parsed in one
// pass over the page, everything else (URLs, reactions, apps, …) skipped. JSONDecoder mapped
// each page whole first and was the largest part of an issue sync's CPU.
//
// What a field must be is what GitHub's documented schema says: a missing or null required
// field refuses the page (one bad item refuses its page), an optional one may be missing or
// null. A key an object names twice keeps its last value, as in the PokeAPI shapes.

/// The fields issues and comments both have, read as their keys come.
private struct GitHubItemFields {
    var id: Int?, user: GitHubUser?, authorAssociation: String?, body: String?
    var createdAt: String?, updatedAt: String?, htmlURL: String?

    /// Reads the value of key `k` if it is one of these fields; false (nothing read) if not.
    mutating func read(_ k: JSONScanner.Key, from scanner: inout JSONScanner) throws(JSONScanFailure) -> Bool {
        if scanner.key(k, is: "id") {
            id = try scanner.int()
        } else if scanner.key(k, is: "user") {
            user = try scanner.consumeNull() ? nil : try scanner.gitHubUser()
        } else if scanner.key(k, is: "author_association") {
            authorAssociation = try scanner.optionalString()
        } else if scanner.key(k, is: "body") {
            body = try scanner.optionalString()
        } else if scanner.key(k, is: "created_at") {
            createdAt = try scanner.string()
        } else if scanner.key(k, is: "updated_at") {
            updatedAt = try scanner.string()
        } else if scanner.key(k, is: "html_url") {
            htmlURL = try scanner.string()
        } else {
            return false
        }
        return true
    }
}

extension JSONScanner {
    mutating func gitHubIssue() throws(JSONScanFailure) -> GitHubIssueBody {
        var item = GitHubItemFields()
        var number: Int?, title: String?, state: String?, stateReason: String?, locked: Bool?, comments: Int?
        var labels: [GitHubLabel]?, assignees: [GitHubUser]?, milestone: GitHubMilestone?
        var pullRequest: GitHubIssueBody.PullRequest?, draft: Bool?, closedAt: String?
        try eachField { scanner, k throws(JSONScanFailure) in
            guard try !item.read(k, from: &scanner) else { return }
            if scanner.key(k, is: "number") {
                number = try scanner.int()
            } else if scanner.key(k, is: "title") {
                title = try scanner.string()
            } else if scanner.key(k, is: "state") {
                state = try scanner.string()
            } else if scanner.key(k, is: "state_reason") {
                stateReason = try scanner.optionalString()
            } else if scanner.key(k, is: "locked") {
                locked = try scanner.bool()
            } else if scanner.key(k, is: "comments") {
                comments = try scanner.int()
            } else if scanner.key(k, is: "labels") {
                labels = try scanner.gitHubLabels()
            } else if scanner.key(k, is: "assignees") {
                assignees = try scanner.consumeNull() ? nil : try scanner.gitHubUsers()
            } else if scanner.key(k, is: "milestone") {
                milestone = try scanner.consumeNull() ? nil : try scanner.gitHubMilestone()
            } else if scanner.key(k, is: "pull_request") {
                pullRequest = try scanner.consumeNull() ? nil : try scanner.pullRequest()
            } else if scanner.key(k, is: "draft") {
                draft = try scanner.optionalBool()
            } else if scanner.key(k, is: "closed_at") {
                closedAt = try scanner.optionalString()
            } else {
                try scanner.skipValue()
            }
        }
        return GitHubIssueBody(
            id: try required(item.id, "id"), number: try required(number, "number"),
            title: try required(title, "title"), body: item.body, state: try required(state, "state"),
            stateReason: stateReason, locked: try required(locked, "locked"),
            comments: try required(comments, "comments"), user: item.user, authorAssociation: item.authorAssociation,
            labels: try required(labels, "labels"), assignees: assignees ?? [], milestone: milestone,
            pullRequest: pullRequest, draft: draft, createdAt: try required(item.createdAt, "created_at"),
            updatedAt: try required(item.updatedAt, "updated_at"), closedAt: closedAt,
            htmlURL: try required(item.htmlURL, "html_url"))
    }

    mutating func gitHubComment() throws(JSONScanFailure) -> GitHubCommentBody {
        var item = GitHubItemFields()
        var issueURL: String?
        try eachField { scanner, k throws(JSONScanFailure) in
            guard try !item.read(k, from: &scanner) else { return }
            if scanner.key(k, is: "issue_url") {
                issueURL = try scanner.string()
            } else {
                try scanner.skipValue()
            }
        }
        return GitHubCommentBody(
            id: try required(item.id, "id"), issueURL: try required(issueURL, "issue_url"), user: item.user,
            authorAssociation: item.authorAssociation, body: item.body,
            createdAt: try required(item.createdAt, "created_at"),
            updatedAt: try required(item.updatedAt, "updated_at"),
            htmlURL: try required(item.htmlURL, "html_url"))
    }

    /// `{"login", "id", "type", …}`: `id` and `login` required.
    fileprivate mutating func gitHubUser() throws(JSONScanFailure) -> GitHubUser {
        var id: Int?, login: String?, type: String?
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "id") {
                id = try scanner.int()
            } else if scanner.key(k, is: "login") {
                login = try scanner.string()
            } else if scanner.key(k, is: "type") {
                type = try scanner.optionalString()
            } else {
                try scanner.skipValue()
            }
        }
        return GitHubUser(id: try required(id, "user id"), login: try required(login, "user login"), type: type)
    }

    private mutating func gitHubUsers() throws(JSONScanFailure) -> [GitHubUser] {
        var users: [GitHubUser] = []
        try eachElement { scanner throws(JSONScanFailure) in users.append(try scanner.gitHubUser()) }
        return users
    }

    /// `[{"id", "name", "color", "description", …}]`: `id` and `name` required.
    private mutating func gitHubLabels() throws(JSONScanFailure) -> [GitHubLabel] {
        var labels: [GitHubLabel] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var id: Int?, name: String?, color: String?, description: String?
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "id") {
                    id = try scanner.int()
                } else if scanner.key(k, is: "name") {
                    name = try scanner.string()
                } else if scanner.key(k, is: "color") {
                    color = try scanner.optionalString()
                } else if scanner.key(k, is: "description") {
                    description = try scanner.optionalString()
                } else {
                    try scanner.skipValue()
                }
            }
            labels.append(
                GitHubLabel(
                    id: try scanner.required(id, "label id"), name: try scanner.required(name, "label name"),
                    color: color, description: description))
        }
        return labels
    }

    /// `{"id", "number", "title", "state", …}`: all but `state` required.
    private mutating func gitHubMilestone() throws(JSONScanFailure) -> GitHubMilestone {
        var id: Int?, number: Int?, title: String?, state: String?
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "id") {
                id = try scanner.int()
            } else if scanner.key(k, is: "number") {
                number = try scanner.int()
            } else if scanner.key(k, is: "title") {
                title = try scanner.string()
            } else if scanner.key(k, is: "state") {
                state = try scanner.optionalString()
            } else {
                try scanner.skipValue()
            }
        }
        return GitHubMilestone(
            id: try required(id, "milestone id"), number: try required(number, "milestone number"),
            title: try required(title, "milestone title"), state: state)
    }

    /// `{"merged_at", …}`: its presence is what makes the item a pull request.
    private mutating func pullRequest() throws(JSONScanFailure) -> GitHubIssueBody.PullRequest {
        var mergedAt: String?
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "merged_at") {
                mergedAt = try scanner.optionalString()
            } else {
                try scanner.skipValue()
            }
        }
        return GitHubIssueBody.PullRequest(mergedAt: mergedAt)
    }

    /// A field the object must have had, the scanner just past it.
    private func required<Value>(_ value: Value?, _ name: String) throws(JSONScanFailure) -> Value {
        guard let value else { throw fail("missing \"\(name)\"") }
        return value
    }
}
