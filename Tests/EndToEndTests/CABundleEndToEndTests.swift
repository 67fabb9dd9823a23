import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// The CA bundle the sync trusts, from the environment as the curl tool reads it. A bundle
/// that cannot be loaded fails before any TLS byte is sent, so a plain loopback listener is
/// enough of an https server; the transport's tests cover a bundle that loads (HTTP2Tests).
@Suite("CA bundle from the environment")
struct CABundleEndToEndTests {
    @Test(
        "CURL_CA_BUNDLE, else SSL_CERT_FILE, names the bundle; one that cannot be loaded is a one-line error naming it",
        arguments: [
            (["CURL_CA_BUNDLE": "first.pem"], "first.pem"),
            (["SSL_CERT_FILE": "second.pem"], "second.pem"),
            (["CURL_CA_BUNDLE": "first.pem", "SSL_CERT_FILE": "second.pem"], "first.pem"),
            // Empty counts as unset.
            (["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "second.pem"], "second.pem"),
        ])
    func unloadableBundle(variables: [String: String], named expected: String) throws {
        let server = try LoopbackServer { _ in .text("") }
        let directory = try TemporaryDirectory()
        let environment = variables.mapValues { $0.isEmpty ? "" : directory.file($0) }
        let baseURL = "https" + server.baseURL.dropFirst("http".count) + "/api/v2"
        let result = try PokedexProcess.run(
            ["--db", directory.file("pokedex.sqlite"), "sync", "--pokeapi-url", baseURL, "--retries", "0"],
            environment: environment, timeout: 60)
        #expect(result.status == 69, "\(result.stderr)")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("Error:") }
        #expect(errors.count == 1, "\(result.stderr)")
        #expect(
            errors.first?.contains(
                "(cannot load the CA bundle \(directory.file(expected)): no such file, or no PEM certificates in it)")
                == true, "\(result.stderr)")
    }
}
