import Foundation
import TestSupport
import Testing

/// IPv6 literal base URLs: this build's URLSession cannot connect to them (see
/// `URLSessionTransportTests.ipv6Literal`), so a sync says so at once instead of retrying.
@Suite("sync with an IPv6 literal base URL")
struct IPv6EndToEndTests {
    @Test(
        "is refused up front with one Error: line and exit 64, writing nothing",
        arguments: [
            ["sync", "--pokeapi-url", "http://[::1]:8080/api/v2"],
            ["sync", "issues", "acme/rocket", "--github-url", "http://[::1]:8080"],
        ])
    func refused(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("pokedex.sqlite")
        let result = try PokedexProcess.run(["--db", database] + arguments, timeout: 30)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.errors.count == 1 && result.errors[0].contains("IPv6"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
