import Testing

@testable import PokedexCLI

@Suite("Durations")
struct DurationTextTests {
    @Test(
        "accepts a number with a unit, several in a row, or a bare 0",
        arguments: [
            ("0", 0), ("0s", 0), ("90s", 90), ("30m", 1_800), ("6h", 21_600), ("2d", 172_800), ("1w", 604_800),
            ("1h30m", 5_400), ("1H", 3_600), ("520w", 520 * 604_800),
        ])
    func accepts(text: String, seconds: Int) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(
        "rejects what is not a duration",
        arguments: [
            "", "6", "h", "6x", "-1h", "1.5h", "6h ", " 6h", "6hh", "１h", "99999999999999999999s", "600w", "1w1",
        ])
    func rejects(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test(
        "tells a duration past ten years from what is no duration",
        arguments: [
            ("522w", true), ("3651d", true), ("99999999999999999999s", true), ("9999999999999999999w", true),
            ("520w1000d", true), ("521w", false), ("3650d", false), ("6", false), ("600x", false), ("", false),
        ])
    func beyondMaximum(text: String, isBeyond: Bool) {
        #expect(DurationText.isBeyondMaximum(text) == isBeyond)
    }
}
