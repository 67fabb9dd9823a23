import Testing

@testable import PokedexServe

/// pokeapi.co's paging, as its deploy's list function and the shared mirror compute it.
@Suite("PokeAPI list pages")
struct PokeAPIListingTests {
    typealias Page = PokeAPIListing.Page

    @Test(
        "offset and limit as parseInt reads them; next shortened before the end, previous clamped at 0",
        arguments: [
            // (offset, limit, count) → (start, end, next, previous)
            (nil, nil, 1351, 0, 20, Page(offset: 20, limit: 20), nil),
            ("24", "21", 1351, 24, 45, Page(offset: 45, limit: 21), Page(offset: 3, limit: 21)),
            ("1320", "20", 1351, 1320, 1340, Page(offset: 1340, limit: 11), Page(offset: 1300, limit: 20)),
            ("1340", "20", 1351, 1340, 1351, nil, Page(offset: 1320, limit: 20)),
            ("10", "20", 1351, 10, 30, Page(offset: 30, limit: 20), Page(offset: 0, limit: 10)),
            ("0", "0", 55, 0, 20, Page(offset: 20, limit: 20), nil),
            ("abc", "x", 55, 0, 20, Page(offset: 20, limit: 20), nil),
            (" 7px", "3.9", 55, 7, 10, Page(offset: 10, limit: 3), Page(offset: 4, limit: 3)),
            ("0x10", "5", 55, 16, 21, Page(offset: 21, limit: 5), Page(offset: 11, limit: 5)),
            ("5000", "20", 55, 55, 55, nil, Page(offset: 4980, limit: 20)),
            ("0", "100000", 55, 0, 55, nil, nil),
            // JavaScript slice(-5, 15): from the fifth-last entry to the 15th, so nothing.
            ("-5", "20", 55, 50, 50, Page(offset: 15, limit: 20), nil),
            ("0", "-5", 55, 0, 50, nil, nil),
            ("99999999999999999999999", "20", 55, 55, 55, nil, Page(offset: (1 << 53) - 20, limit: 20)),
        ] as [(String?, String?, Int, Int, Int, Page?, Page?)])
    func paging(
        offset: String?, limit: String?, count: Int, start: Int, end: Int, next: Page?, previous: Page?
    ) {
        let listing = PokeAPIListing(offset: offset, limit: limit, count: count)
        #expect(listing.start == start && listing.end == end)
        #expect(listing.next == next)
        #expect(listing.previous == previous)
    }

    @Test(
        "JavaScript's parseInt",
        arguments: [
            ("42", 42), (" \t42", 42), ("+7", 7), ("-7", -7), ("12abc", 12), ("0x1f", 31), ("0X1F", 31),
            ("", nil), ("abc", nil), ("-", nil), ("0x", nil), ("\u{A0}5", 5), ("1e3", 1),
        ] as [(String, Int?)])
    func parseInt(text: String, value: Int?) {
        #expect(JavaScriptInteger.parse(text) == value)
    }
}
