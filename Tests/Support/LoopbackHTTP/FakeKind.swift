/// A PokeAPI kind beyond the Pokédex's five that ``FakePokeAPI`` can serve when asked to
/// (`FakePokeAPI(extraKinds:)`): listed in the root index, its list paged at most
/// `pageCap` entries at a time whatever limit is asked (with `next` links, as a server that
/// caps page sizes), and each entry's detail an object giving its id, its name when the kind
/// has names, and a little text with escapes and non-ASCII characters, served with an ETag.
public struct FakeKind: Sendable {
    public struct Entry: Sendable {
        public let id: Int
        /// nil for a nameless kind's entries (`machine`), whose list entries are `{"url"}` only.
        public let name: String?

        public init(id: Int, name: String?) {
            self.id = id
            self.name = name
        }
    }

    /// The endpoint's name, `move`.
    public let name: String
    /// In list order.
    public let entries: [Entry]
    /// The most entries a list page holds.
    public let pageCap: Int

    public init(name: String, entries: [Entry], pageCap: Int = 20) {
        precondition(pageCap > 0, "FakeKind: pageCap must be positive")
        precondition(Set(entries.map(\.id)).count == entries.count, "FakeKind \(name): duplicate id")
        self.name = name
        self.entries = entries
        self.pageCap = pageCap
    }

    /// A kind whose entries have names, with ids in list order from `firstID`.
    public static func named(_ name: String, _ names: [String], firstID: Int = 1, pageCap: Int = 20) -> FakeKind {
        FakeKind(
            name: name, entries: names.enumerated().map { Entry(id: firstID + $0.offset, name: $0.element) },
            pageCap: pageCap)
    }

    /// A kind without names (`machine`, `characteristic`), ids 1 to `count`.
    public static func nameless(_ name: String, count: Int, pageCap: Int = 20) -> FakeKind {
        FakeKind(name: name, entries: (1...count).map { Entry(id: $0, name: nil) }, pageCap: pageCap)
    }

    /// The kinds the end-to-end tests serve: a named kind over three list pages (`move`), a
    /// nameless one (`machine`), two starting at -1 and 0 as on pokeapi.co (`move-ailment`,
    /// `move-category`), and one pokedex does not declare (`gizmo`), listed one entry a page
    /// and not in id order (as pokeapi.co lists `pokemon-form`).
    public static let standardExtras: [FakeKind] = [
        .named(
            "move",
            [
                "pound", "karate-chop", "double-slap", "comet-punch", "mega-punch", "pay-day", "fire-punch",
                "ice-punch", "thunder-punch", "scratch",
            ], pageCap: 4),
        .nameless("machine", count: 3),
        .named("move-ailment", ["unknown", "none", "paralysis", "sleep"], firstID: -1),
        .named("move-category", ["damage", "ailment", "net-good-stats"], firstID: 0),
        FakeKind(name: "gizmo", entries: [Entry(id: 2, name: "widget"), Entry(id: 1, name: "sprocket")], pageCap: 1),
    ]
}
