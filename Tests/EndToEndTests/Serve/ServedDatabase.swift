import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// A database the real binary synced from the fakes, to serve: the standard catalog with its
/// Pokédex entry's kinds, every image of the first `imageCount` Pokémon (`--artwork all`) and
/// one image the host answers 404 for, and the organisation `octo-org`'s repositories (`hello`
/// with its issues and comments; `secret`, synced as private).
final class ServedDatabase: @unchecked Sendable {
    static let owner = "octo-org"
    static let repository = "octo-org/hello"
    static let secret = "octo-org/secret"
    static let imageCount = 12

    let directory: TemporaryDirectory
    let path: String
    let api: FakePokeAPI
    let images: FakeImageHost
    let gitHub: FakeGitHub

    /// One for every test that only reads it: its syncs run once.
    static let shared = Result { try ServedDatabase() }

    init(issues: Int = 45) throws {
        directory = try TemporaryDirectory()
        path = directory.file("source.sqlite")
        images = try FakeImageHost()
        var catalog = FakePokemon.standardCatalog()
        for index in 0..<Self.imageCount {
            let id = catalog[index].id
            for (kind, path) in Self.imagePaths(id) {
                images.set(path, FakeImageHost.Image(body: TestSprite.png(seed: id * 3 + kind)))
            }
            catalog[index].sprite = images.url("/sprites/\(id).png")
            catalog[index].shinySprite = images.url("/shiny/\(id).png")
            catalog[index].officialArtwork = images.url("/artwork/\(id).png")
        }
        // No other image host is reached: the rest link no artwork.
        for index in Self.imageCount..<catalog.count { catalog[index].officialArtwork = nil }
        // Linked, but missing on the host: served as a 404 under /media.
        catalog[Self.imageCount].sprite = images.url("/sprites/missing.png")
        api = try FakePokeAPI(catalog: catalog)
        let hello = FakeGitHubRepository.generated(owner: "octo-org", name: "hello", issueCount: issues)
        var secret = FakeGitHubRepository.generated(owner: "octo-org", name: "secret", issueCount: 3)
        secret.isPrivate = true
        gitHub = try FakeGitHub(repositories: [hello, secret], organizations: [Self.owner])
        try Self.expectSuccess(
            PokedexProcess.run(
                ["--db", path, "sync", "--artwork", "all"], environment: ["POKEAPI_BASE_URL": api.baseURL]))
        try Self.expectSuccess(
            PokedexProcess.run(
                ["--db", path, "sync", "issues", Self.owner], environment: ["GITHUB_API_URL": gitHub.baseURL]))
    }

    /// The three images of a Pokémon on the host: (kind's seed offset, path).
    static func imagePaths(_ id: Int) -> [(Int, String)] {
        [(0, "/sprites/\(id).png"), (1, "/shiny/\(id).png"), (2, "/artwork/\(id).png")]
    }

    struct SyncFailed: Error, CustomStringConvertible {
        let description: String
    }

    static func expectSuccess(_ result: PokedexProcess.Result) throws {
        guard result.status == 0 else { throw SyncFailed(description: "exit \(result.status): \(result.stderr)") }
    }

    /// `text` with the serving origin's links put back to the fakes' (the two APIs and the
    /// images), as the source stores them.
    func unserved(_ text: String, servedAt url: String) -> String {
        var text = text.replacingOccurrences(of: url + "/api/v2", with: api.baseURL)
            .replacingOccurrences(of: url + "/api/v3", with: gitHub.baseURL)
        for pokemon in api.catalog {
            let kinds = [
                ("sprite", pokemon.sprite), ("shiny", pokemon.shinySprite), ("official", pokemon.officialArtwork),
            ]
            for (kind, original) in kinds {
                guard let original else { continue }
                text = text.replacingOccurrences(of: "\(url)/media/pokemon/\(pokemon.id)/\(kind).png", with: original)
            }
        }
        return text
    }
}
