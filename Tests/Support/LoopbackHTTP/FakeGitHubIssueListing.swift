import Foundation

/// `…/issues`: filtering, ordering and paging as GitHub does it, and the `Link` header.
extension FakeGitHubBackend {
    func issueList(_ entry: Entry, request: RecordedRequest) -> Reply {
        func value(_ name: String, default fallback: String) -> String {
            guard let raw = request.query[name], !raw.isEmpty else { return fallback }
            return raw
        }
        let state = value("state", default: "open")
        let sort = value("sort", default: "created")
        let direction = value("direction", default: "desc")
        var invalid: [(field: String, value: String)] = []
        if !["open", "closed", "all"].contains(state) { invalid.append(("state", state)) }
        if !["created", "updated", "comments"].contains(sort) { invalid.append(("sort", sort)) }
        if !["asc", "desc"].contains(direction) { invalid.append(("direction", direction)) }
        var since: Double?
        if let raw = request.query["since"], !raw.isEmpty {
            since = GitHubTime.parse(raw)
            if since == nil { invalid.append(("since", raw)) }
        }
        guard invalid.isEmpty else {
            return .json(
                422,
                .object([
                    ("message", .string("Validation Failed")),
                    (
                        "errors",
                        .array(
                            invalid.map { field, value in
                                .object([
                                    ("value", .string(value)),
                                    ("resource", .string("Issue")),
                                    ("field", .string(field)),
                                    ("code", .string("invalid")),
                                ])
                            })
                    ),
                    ("documentation_url", .string(Self.docsListIssues)),
                    ("status", .string("422")),
                ]))
        }
        let perPage = Int(value("per_page", default: "30")).map { $0 < 1 ? 30 : min($0, 100) } ?? 30
        let page = Int(value("page", default: "1")).map { max($0, 1) } ?? 1

        let total: Int
        let rendered: (bytes: [UInt8], etag: String)
        let cacheKey = "\(state)|\(sort)|\(direction)|\(since.map { String($0) } ?? "")|\(perPage)|\(page)"
        if let cached = entry.bodies[cacheKey], let count = entry.pageTotals[cacheKey] {
            (rendered, total) = (cached, count)
        } else {
            var selected = entry.repository.issues.filter { issue in
                (state == "all" || issue.state == state)
                    && (since.map { Double(GitHubTime.seconds(issue.updatedAt)) >= $0 } ?? true)
            }
            func key(_ issue: FakeGitHubIssue) -> Int64 {
                switch sort {
                case "updated": return GitHubTime.seconds(issue.updatedAt)
                case "comments": return Int64(issue.comments)
                default: return GitHubTime.seconds(issue.createdAt)
                }
            }
            let ascending = direction == "asc"
            selected.sort { left, right in
                let (a, b) = (key(left), key(right))
                if a != b { return ascending ? a < b : a > b }
                return ascending ? left.number < right.number : left.number > right.number
            }
            total = selected.count
            let start = min(
                total,
                (page - 1).multipliedReportingOverflow(by: perPage).overflow
                    ? total : (page - 1) * perPage)
            let pageItems = selected[start..<min(total, start + perPage)]
            rendered = cachedBody(entry, key: cacheKey) {
                let renderer = renderer(entry)
                var body: [UInt8] = [UInt8(ascii: "[")]
                for (position, issue) in pageItems.enumerated() {
                    if position > 0 { body.append(UInt8(ascii: ",")) }
                    if let cached = entry.listItems[issue.number] {
                        body += cached
                    } else {
                        let bytes = Array(renderer.issue(issue).compactText.utf8)
                        entry.listItems[issue.number] = bytes
                        body += bytes
                    }
                }
                body.append(UInt8(ascii: "]"))
                return body
            }
            entry.pageTotals[cacheKey] = total
        }
        let lastPage = max(1, (total + perPage - 1) / perPage)

        var reply = conditional(rendered.bytes, etag: rendered.etag, request: request)
        if reply.status == 200,
            let link = linkHeader(
                path: "/repositories/\(entry.repository.id)/issues", target: request.target,
                page: page, lastPage: lastPage, total: total)
        {
            reply.headers.append(("Link", link))
        }
        return reply
    }

    /// GitHub's `Link` header to pages of `path`: rels prev, next, last, first; the first page
    /// has next and last, the last page prev and first; nil when there is nothing to link.
    func linkHeader(path: String, target: String, page: Int, lastPage: Int, total: Int) -> String? {
        guard total > 0, !(page == 1 && lastPage == 1) else { return nil }
        let pairs = (Self.rawQuery(target) ?? "").split(separator: "&").map(String.init)
        func url(_ linked: Int) -> String {
            var output: [String] = []
            var replaced = false
            for pair in pairs {
                let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                if name == "page" {
                    if !replaced { output.append("page=\(linked)") }
                    replaced = true
                } else {
                    output.append(pair)
                }
            }
            if !replaced { output.append("page=\(linked)") }
            return "<\(origin)\(path)?\(output.joined(separator: "&"))>"
        }
        var rels: [String] = []
        if page > 1 { rels.append("\(url(page - 1)); rel=\"prev\"") }
        if page < lastPage {
            rels.append("\(url(page + 1)); rel=\"next\"")
            rels.append("\(url(lastPage)); rel=\"last\"")
        }
        if page > 1 { rels.append("\(url(1)); rel=\"first\"") }
        return rels.joined(separator: ", ")
    }

    /// The query exactly as sent (no decoding), without `?` or fragment; nil if there is none.
    static func rawQuery(_ target: String) -> String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        var query = target[target.index(after: mark)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        return query.isEmpty ? nil : String(query)
    }
}
