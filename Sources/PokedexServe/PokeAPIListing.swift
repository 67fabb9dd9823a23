/// A list page as pokeapi.co pages (its deploy's list function): `offset` and `limit` read
/// with JavaScript's parseInt, missing, zero or not a number giving 0 and 20; the entries are
/// JavaScript's `slice(offset, offset + limit)` of the list; `previous` clamps at zero and
/// `next`, on the second-to-last page, carries a limit shortened to what is left.
struct PokeAPIListing: Equatable {
    /// A page's offset and limit, as a link names them.
    struct Page: Equatable {
        let offset: Int
        let limit: Int
    }

    /// The slice of the list this page shows: `start..<end`, clamped to the list.
    let start: Int
    let end: Int
    let next: Page?
    let previous: Page?

    init(offset offsetText: String?, limit limitText: String?, count: Int) {
        let offset = JavaScriptInteger.parse(offsetText).flatMap { $0 == 0 ? nil : $0 } ?? 0
        let limit = JavaScriptInteger.parse(limitText).flatMap { $0 == 0 ? nil : $0 } ?? 20
        let previousStart = max(offset - limit, 0)
        previous = previousStart < offset ? Page(offset: previousStart, limit: offset - previousStart) : nil
        let nextStart = offset + limit
        let nextEnd = min(offset + 2 * limit, count)
        next = nextEnd > nextStart ? Page(offset: nextStart, limit: nextEnd - nextStart) : nil
        // Negative bounds count from the end, as JavaScript's slice does.
        func bound(_ index: Int) -> Int { index >= 0 ? min(index, count) : max(count + index, 0) }
        start = bound(offset)
        end = max(start, bound(offset + limit))
    }
}
