#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A list page's `next` link, as far as asking for the pages after it goes: PokeAPI's are
/// `…/pokemon/?offset=200&limit=100`, and the ones after it differ only in `offset`.
struct ListPageLink: Equatable {
    /// Scheme, authority and path: everything before the query.
    let location: String
    /// The query's items in the server's order, as encoded in the link: decoding them would
    /// take `%2B` for `+`, which a server reads as a space.
    let items: [URLQueryItem]
    let offset: Int
    let limit: Int

    /// Offsets and limits beyond this are a server's mistake, not pages to add up: a list of
    /// billions of entries is not read ahead.
    static let largest = Int(Int32.max)

    /// nil for a link without one integer `offset` and one positive integer `limit` (neither
    /// beyond `largest`), or with a fragment: the pages after it cannot be told, and only the
    /// link itself is followed.
    init?(_ link: String) {
        guard let components = URLComponents(string: link), components.fragment == nil,
            let items = components.percentEncodedQueryItems
        else { return nil }
        func integer(_ name: String) -> Int? {
            let values = items.filter { $0.name == name }
            return values.count == 1 ? values[0].value.flatMap { Int($0) } : nil
        }
        guard let offset = integer("offset"), (0...Self.largest).contains(offset), let limit = integer("limit"),
            (1...Self.largest).contains(limit)
        else { return nil }
        var location = components
        location.query = nil
        guard let base = location.string else { return nil }
        (self.location, self.items, self.offset, self.limit) = (base, items, offset, limit)
    }

    /// The link `pages` (a few) pages further on: `offset` moved on by as many limits, all else
    /// as given.
    func advanced(by pages: Int) -> String? {
        guard var components = URLComponents(string: location) else { return nil }
        components.percentEncodedQueryItems = items.map {
            $0.name == "offset" ? URLQueryItem(name: "offset", value: String(offset + pages * limit)) : $0
        }
        return components.string
    }

    /// Whether both ask the server for the same page: the same location and query items, in
    /// any order (PokeAPI's order is not to be relied on), each as encoded, `q` apart from `q=`.
    func asksForSamePage(as other: ListPageLink) -> Bool {
        // An encoded name holds no `=`, so each item reads back one way only.
        func sorted(_ items: [URLQueryItem]) -> [String] {
            items.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }.sorted()
        }
        return location == other.location && sorted(items) == sorted(other.items)
    }
}

/// The list pages after the next one, asked for while it downloads: a sync that downloads no
/// details (a refresh) otherwise waits a round trip per page, one after the other, which over
/// a network is most of its time. Pages of 1,000 leave no PokeAPI list three whole pages long,
/// so this serves servers that cap the page size, and lists that grow. A page is used only when
/// the server's `next` link asks for it; any other link is followed as given, and what was
/// asked ahead of it is dropped. Each page is still checked and accepted in list order.
struct ListReadAhead<Page: Sendable> {
    /// Pages asked for beyond the next one.
    let window: Int
    private var ahead: [(link: ListPageLink, task: Task<Page, any Error>)] = []
    /// Asked for ahead but not wanted after all: cancelled, and waited for in `finish`.
    private var dropped: [Task<Page, any Error>] = []

    init(window: Int) { self.window = max(0, window) }

    /// The task bringing `next`: one asked for ahead when it asks for the same page, else
    /// one `start`ed now; then the whole pages after it are asked for, up to `window` of them,
    /// within `listCount` entries (the list's length) and `wanted` entries from `next`'s first.
    mutating func page(
        _ next: String, listCount: Int, wanted: Int, start: (String) -> Task<Page, any Error>
    ) -> Task<Page, any Error> {
        guard let link = ListPageLink(next) else {
            cancelAll()
            return start(next)
        }
        let task: Task<Page, any Error>
        if let index = ahead.firstIndex(where: { $0.link.asksForSamePage(as: link) }) {
            task = ahead[index].task
            // Pages asked for before this one are behind the list now.
            for skipped in ahead[..<index] { drop(skipped.task) }
            ahead.removeFirst(index + 1)
        } else {
            cancelAll()
            task = start(next)
        }
        let last = ahead.last.map { ($0.link.offset - link.offset) / link.limit } ?? 0
        var pages = last + 1
        // Whole pages only: a server may shorten the last one's limit to what is left.
        while pages <= window, link.offset + (pages + 1) * link.limit <= listCount, (pages + 1) * link.limit <= wanted {
            guard let further = link.advanced(by: pages), let asked = ListPageLink(further) else { break }
            ahead.append((asked, start(further)))
            pages += 1
        }
        return task
    }

    /// Drops every page asked for ahead (the list ended, or the sync stopped), waiting for
    /// their requests to end: nothing of a sync outlives it.
    mutating func finish() async {
        cancelAll()
        for task in dropped { _ = await task.result }
        dropped.removeAll()
    }

    private mutating func cancelAll() {
        for page in ahead { drop(page.task) }
        ahead.removeAll()
    }

    private mutating func drop(_ task: Task<Page, any Error>) {
        task.cancel()
        dropped.append(task)
    }
}
