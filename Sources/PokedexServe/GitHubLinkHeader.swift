import TextUtilities

/// The `Link` header of a GitHub list page, as GitHub sends it: the request's query with
/// `page` replaced (or appended), each name and value percent-encoded again; rels in the order
/// prev, next, last, first; none when everything fits on one page.
enum GitHubLinkHeader {
    static func value(
        base: String, path: String, query: [(name: String, value: String)], page: Int, lastPage: Int, total: Int
    ) -> String? {
        guard total > 0, lastPage > 1 || page > 1 else { return nil }
        func url(_ target: Int) -> String {
            var pairs: [(String, String)] = []
            var replaced = false
            for (name, value) in query {
                if name == "page" {
                    if !replaced { pairs.append(("page", String(target))) }
                    replaced = true
                } else {
                    pairs.append((name, value))
                }
            }
            if !replaced { pairs.append(("page", String(target))) }
            let text = pairs.map { PercentEncoding.encoded($0.0) + "=" + PercentEncoding.encoded($0.1) }
            return "<\(base)\(path)?\(text.joined(separator: "&"))>"
        }
        var links: [String] = []
        if page > 1 { links.append("\(url(page - 1)); rel=\"prev\"") }
        if page < lastPage {
            links.append("\(url(page + 1)); rel=\"next\"")
            links.append("\(url(lastPage)); rel=\"last\"")
        }
        if page > 1 { links.append("\(url(1)); rel=\"first\"") }
        return links.isEmpty ? nil : links.joined(separator: ", ")
    }
}
