import HTTPTypes
import Testing

@testable import PokedexSync

/// Which failed details a kind's run goes on past, step by step.
@Suite("Details left out")
struct LeftOutDetailsTests {
    /// A download answered (by its number) or failed (with the downloads started by then).
    enum Step: Sendable, CustomTestStringConvertible {
        case answered(Int)
        case failed(FetchError, started: Int, leftOut: Bool)

        var testDescription: String {
            switch self {
            case .answered(let number): "answered #\(number)"
            case .failed(let error, let started, let leftOut): "\(error) of \(started) → \(leftOut ? "out" : "end")"
            }
        }
    }

    static func serverError(_ status: Int = 500) -> FetchError { .status(url: "u", status: status, bodyPrefix: "") }
    static let notJSON = FetchError.notJSON(url: "u", status: 200, bodyPrefix: "<html>")
    static let notFound = FetchError.status(url: "u", status: 404, bodyPrefix: "")

    static let cases: [(String, [Step])] = [
        ("a server error before any answer ends the run", [.failed(serverError(), started: 4, leftOut: false)]),
        (
            "one server error among answers is left out, and another after a later download's answer",
            [
                .answered(0), .failed(serverError(), started: 4, leftOut: true), .answered(4),
                .failed(serverError(503), started: 6, leftOut: true),
            ]
        ),
        (
            "an answer of a download started before the last left out does not count: an outage ends",
            [
                .answered(0), .failed(serverError(), started: 8, leftOut: true), .answered(7),
                .failed(serverError(), started: 9, leftOut: false),
            ]
        ),
        ("a throttle is never left out", [.answered(0), .failed(serverError(429), started: 2, leftOut: false)]),
        (
            "unusable bodies and 404s are left out without answers between",
            [
                .failed(notJSON, started: 2, leftOut: true), .failed(notFound, started: 3, leftOut: true),
                .failed(notJSON, started: 3, leftOut: true),
            ]
        ),
        (
            "the eleventh left out ends the run",
            Array(repeating: .failed(notJSON, started: 20, leftOut: true), count: 10) + [
                .failed(notJSON, started: 20, leftOut: false)
            ]
        ),
    ]

    @Test("left out or the end of the run", arguments: cases)
    func steps(_ example: (String, [Step])) {
        var leftOut = LeftOutDetails()
        for (index, step) in example.1.enumerated() {
            switch step {
            case .answered(let number):
                leftOut.answered(download: number)
            case .failed(let error, let started, let expected):
                #expect(leftOut.leavesOut(error, downloadsStarted: started) == expected, "\(example.0), step \(index)")
            }
        }
    }
}
