import HTTPServer
import IssueStore

/// A GitHub list request's parameters, read as GitHub reads them: `per_page` (1–100, default
/// 30) and `page` with JavaScript's parseInt, empty values as absent, and an invalid `state`,
/// `sort`, `direction`, `since` or `labels` refused (422, naming each field): one whose
/// percent-encoding does not decode (`%ff`, `%00`) too, not listed as if it were absent.
struct GitHubListParameters {
    let perPage: Int
    let page: Int
    /// The fields refused.
    private(set) var invalid: [String] = []
    private let request: ServerRequest

    init(_ request: ServerRequest) {
        self.request = request
        let perPage = JavaScriptInteger.parse(Self.value(request, "per_page")) ?? 0
        self.perPage = perPage < 1 ? 30 : min(perPage, 100)
        let page = JavaScriptInteger.parse(Self.value(request, "page")) ?? 0
        self.page = max(page, 1)
    }

    /// The items before this page's.
    var offset: Int { (page - 1) * perPage }

    func lastPage(total: Int) -> Int { max(1, (total + perPage - 1) / perPage) }

    /// A parameter's value; nil when absent or empty.
    static func value(_ request: ServerRequest, _ name: String) -> String? {
        request.queryValue(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A filter's value; nil when absent or empty, and recorded as invalid when it does not
    /// decode.
    mutating func filter(_ name: String) -> String? {
        guard request.hasQueryParameter(name) else { return nil }
        guard let text = request.queryValue(name) else {
            invalid.append(name)
            return nil
        }
        return text.isEmpty ? nil : text
    }

    /// One of `choices`, the default when absent; recorded as invalid otherwise.
    mutating func choice<Choice: RawRepresentable>(_ name: String, default value: Choice) -> Choice
    where Choice.RawValue == String {
        guard let text = filter(name) else { return value }
        guard let chosen = Choice(rawValue: text) else {
            invalid.append(name)
            return value
        }
        return chosen
    }

    /// `direction`: true for `asc`.
    mutating func ascending(default value: Bool) -> Bool {
        switch filter("direction") {
        case nil: return value
        case "asc": return true
        case "desc": return false
        default:
            invalid.append("direction")
            return value
        }
    }

    /// `since`, as stored times compare with it.
    mutating func since() -> String? {
        guard let text = filter("since") else { return nil }
        guard let utc = GitHubTimestamp.utc(text) else {
            invalid.append("since")
            return nil
        }
        return utc
    }

    /// The issue list's query.
    static func issues(_ request: ServerRequest) -> (IssuePageQuery, invalid: [String]) {
        var parameters = GitHubListParameters(request)
        var query = IssuePageQuery()
        query.state = parameters.choice("state", default: .open)
        query.sort = parameters.choice("sort", default: .created)
        query.ascending = parameters.ascending(default: false)
        query.since = parameters.since()
        query.labels = (parameters.filter("labels") ?? "").split(separator: ",").map {
            String($0.trimmingPrefix(" "))
        }.filter { !$0.isEmpty }
        query.limit = parameters.perPage
        query.offset = parameters.offset
        return (query, parameters.invalid)
    }

    /// A comment list's query: the repository's (sort and direction as documented for it:
    /// ascending id without `sort`, ascending with it unless `direction` says otherwise), or
    /// one issue's (ascending id; only `since`).
    static func comments(_ request: ServerRequest, issueNumber: Int?) -> (CommentPageQuery, invalid: [String]) {
        var parameters = GitHubListParameters(request)
        var query = CommentPageQuery()
        query.issueNumber = issueNumber
        if issueNumber == nil {
            query.sort = parameters.filter("sort") == nil ? nil : parameters.choice("sort", default: .created)
            query.ascending = parameters.ascending(default: true)
        }
        query.since = parameters.since()
        query.limit = parameters.perPage
        query.offset = parameters.offset
        return (query, parameters.invalid)
    }
}
