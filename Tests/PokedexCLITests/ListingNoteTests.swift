import Testing

@testable import PokedexCLI

/// What `list` and `issues` say on stderr about what their page left out.
@Suite("Listing notes")
struct ListingNoteTests {
    static let issues = ListingNote(
        singular: "issue of acme/rocket", plural: "issues of acme/rocket",
        filters: [ListingNote.option("--search", "zzz")], offset: 0)

    @Test(
        "nothing on the page: which filters matched nothing, or that the offset is past what matched",
        arguments: [
            (issues, 0, "no issue of acme/rocket matches --search zzz"),
            (
                ListingNote(
                    singular: "issue of acme/rocket", plural: "issues of acme/rocket",
                    filters: ["--label nope", ListingNote.option("--search", "crash on launch")], offset: 0),
                0, #"no issue of acme/rocket matches --label nope --search "crash on launch""#
            ),
            (
                ListingNote(
                    singular: "open issue of acme/rocket", plural: "open issues of acme/rocket", filters: [],
                    offset: 600),
                500, "--offset 600 is past the 500 open issues of acme/rocket"
            ),
            (
                ListingNote(singular: "Pokémon stored", plural: "Pokémon stored", filters: ["--type fire"], offset: 80),
                78, "--offset 80 is past the 78 Pokémon stored matching --type fire"
            ),
            (
                ListingNote(
                    singular: "Pokémon stored", plural: "Pokémon stored", filters: ["--type stellar"], offset: 0),
                0, "no Pokémon stored matches --type stellar"
            ),
        ] as [(ListingNote, Int, String)])
    func nothingShown(note: ListingNote, total: Int, expected: String) {
        #expect(note.nothingShown(total: total).text == expected)
    }

    @Test(
        "a cut page: how many more, and the --limit or --offset that shows them",
        arguments: [
            (0, 20, 1351, "… 1,331 more: --limit 1351 or --offset 20"),
            (20, 20, 1351, "… 1,311 more: --limit 1331 or --offset 40"),
            (0, 30, 31, "… 1 more: --limit 31 or --offset 30"),
            (0, 30, 30, nil), (10, 5, 15, nil),
        ] as [(Int, Int, Int, String?)])
    func more(offset: Int, shown: Int, total: Int, expected: String?) {
        let note = ListingNote(singular: "Pokémon stored", plural: "Pokémon stored", filters: [], offset: offset)
        #expect(note.more(shown: shown, total: total)?.text == expected)
    }
}
