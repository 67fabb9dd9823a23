import Foundation

/// `…/issues/comments` (the repository's stream) and `…/issues/{n}/comments` (one thread),
/// and the owners' repository lists, paged as GitHub pages them.
extension FakeGitHubBackend {
    /// Without `sort`: ascending id, `direction` ignored; with `sort` (created, updated), the
    /// direction defaults to ascending. `since` keeps `updated_at >= since`. One issue's list
    /// ignores sort and direction.
    func commentList(_ entry: Entry, issueNumber: Int?, request: RecordedRequest) -> Reply {
        let sort = issueNumber == nil ? request.query["sort"].flatMap { $0.isEmpty ? nil : $0 } : nil
        let direction = request.query["direction"].flatMap { $0.isEmpty ? nil : $0 } ?? "asc"
        var invalid: [(String, String)] = []
        if let sort, !["created", "updated"].contains(sort) { invalid.append(("sort", sort)) }
        if issueNumber == nil, !["asc", "desc"].contains(direction) { invalid.append(("direction", direction)) }
        var since: Double?
        if let raw = request.query["since"], !raw.isEmpty {
            since = GitHubTime.parse(raw)
            if since == nil { invalid.append(("since", raw)) }
        }
        if let (field, value) = invalid.first {
            return Self.error(422, "Validation Failed: \(field) '\(value)' is invalid", Self.docsRoot)
        }
        var selected = entry.repository.comments.filter { comment in
            (issueNumber.map { comment.issueNumber == $0 } ?? true)
                && (since.map { Double(GitHubTime.seconds(comment.updatedAt)) >= $0 } ?? true)
        }
        func key(_ comment: FakeGitHubComment) -> Int64 {
            switch sort {
            case "created": return GitHubTime.seconds(comment.createdAt)
            case "updated": return GitHubTime.seconds(comment.updatedAt)
            default: return comment.id
            }
        }
        let ascending = sort == nil || direction == "asc"
        selected.sort { left, right in
            let (a, b) = (key(left), key(right))
            if a != b { return ascending ? a < b : a > b }
            return ascending ? left.id < right.id : left.id > right.id
        }
        let path =
            "/repositories/\(entry.repository.id)/issues" + (issueNumber.map { "/\($0)" } ?? "") + "/comments"
        let renderer = renderer(entry)
        return page(
            of: selected, request: request, linkPath: path, cache: (entry, "comments|\(path)|\(request.target)")
        ) { renderer.comment($0) }
    }

    /// `/users/{owner}/repos` or `/orgs/{owner}/repos`: the owner's repositories by full name.
    /// An organisation's list answers 404 for a user, as on GitHub.
    func ownerRepositoryList(owner: String, asOrganization: Bool, request: RecordedRequest) -> Reply {
        let owned = entries.values.map(\.repository).filter { $0.owner.lowercased() == owner.lowercased() }
            .sorted { $0.fullName.lowercased() < $1.fullName.lowercased() }
        let isOrganization = organizations.contains(owner.lowercased())
        guard !owned.isEmpty || isOrganization || knownUsers.contains(owner.lowercased()),
            !asOrganization || isOrganization
        else { return Self.notFound }
        return page(of: owned, request: request, linkPath: "/\(asOrganization ? "orgs" : "users")/\(owner)/repos") {
            repository in
            FakeGitHubRenderer(api: origin, repository: repository, ownerIsOrganization: isOrganization)
                .repositoryObject()
        }
    }

    /// One page (`per_page` 1–100, default 30; `page`) of `items`, rendered as a JSON array,
    /// with GitHub's `Link` header to the others and an ETag. `cache` keeps the body.
    private func page<Item>(
        of items: [Item], request: RecordedRequest, linkPath: String, cache: (Entry, String)? = nil,
        render: (Item) -> OrderedJSON
    ) -> Reply {
        let perPage = request.query["per_page"].flatMap(Int.init).map { $0 < 1 ? 30 : min($0, 100) } ?? 30
        let page = request.query["page"].flatMap(Int.init).map { max($0, 1) } ?? 1
        let total = items.count
        let start = min(
            total, (page - 1).multipliedReportingOverflow(by: perPage).overflow ? total : (page - 1) * perPage)
        let rendered: (bytes: [UInt8], etag: String)
        if let (entry, key) = cache, let cached = entry.bodies[key] {
            rendered = cached
        } else {
            let bytes = Array(
                OrderedJSON.array(items[start..<min(total, start + perPage)].map(render)).compactText.utf8)
            rendered =
                cache.map { entry, key in cachedBody(entry, key: key) { bytes } } ?? (bytes, fakeGitHubETag(bytes))
        }
        var reply = conditional(rendered.bytes, etag: rendered.etag, request: request)
        let lastPage = max(1, (total + perPage - 1) / perPage)
        if reply.status == 200,
            let link = linkHeader(path: linkPath, target: request.target, page: page, lastPage: lastPage, total: total)
        {
            reply.headers.append(("Link", link))
        }
        return reply
    }
}
