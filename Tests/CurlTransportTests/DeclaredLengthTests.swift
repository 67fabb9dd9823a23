import Testing

@testable import CurlTransport

@Suite("Content-Length as the curl transport reads it")
struct DeclaredLengthTests {
    @Test(
        "digits are a length, too many digits are over every bound, anything else is left to libcurl",
        arguments: [
            ("0", DeclaredLength.bytes(0)), ("1001", .bytes(1001)),
            ("9223372036854775807", .bytes(Int.max)), ("9223372036854775808", .beyondAnyBound),
            ("99999999999999999999999999", .beyondAnyBound), ("", .unreadable), ("-1", .unreadable),
            ("12 34", .unreadable), ("0x10", .unreadable), ("1e3", .unreadable),
        ])
    func parse(text: String, expected: DeclaredLength) {
        #expect(DeclaredLength(text) == expected)
    }

    @Test(
        "only a length over the bound exceeds it",
        arguments: [
            (DeclaredLength.bytes(1_000), false), (.bytes(1_001), true), (.beyondAnyBound, true), (.unreadable, false),
        ])
    func exceeds(length: DeclaredLength, expected: Bool) {
        #expect(length.exceeds(1_000) == expected)
    }
}
