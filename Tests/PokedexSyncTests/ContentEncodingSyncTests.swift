import BodyCoding
import Foundation
import LoopbackHTTP
import PokedexStore
import SQLiteDatabase
import Testing

@testable import HTTPTypes
@testable import LocalDatabase
@testable import PokedexSync

/// What a PokeAPI that compresses its answers (as pokeapi.co does) brings home, and what
/// pokedex makes of compressed bodies that are damaged or in an encoding it did not ask for.
extension CatalogSyncTests {
    @Test("gzip answers are decoded once and stored as the server compressed them")
    func storesTheServersCompression() async throws {
        let served = ServedBodies()
        api.override = { [api] request in
            let answer = api.realAnswer(to: request)
            guard answer.status == 200, request.header("accept-encoding")?.contains("gzip") == true,
                let compressed = try? SystemGzip.compressed(answer)
            else { return answer }
            served.record(request.path, compressed.body)
            return compressed
        }
        let report = try await sync(ResourceSyncOptions(offset: 24, limit: 5))
        #expect(report.detailsDownloaded == 5)
        let database = try LocalStore.openForReading(path: path)
        for id in 25...29 {
            #expect(try PokemonCatalog(database: database).detailBody(id: id) == Array(api.body(forID: id).utf8))
            let (encoding, stored) = try #require(
                try database.queryFirst(
                    "SELECT body_encoding, body FROM pokemon_detail_json WHERE pokemon_id = ?", [.int(id)]
                ) {
                    ($0.text(0), $0.bytes(1))
                })
            // The server's deflate stream, between zlib's 2-byte header and 4-byte checksum.
            let gzip = try #require(served.body("/api/v2/pokemon/\(id)/"))
            #expect(encoding == "zlib")
            #expect(gzip.firstRange(of: stored.dropFirst(2).dropLast(4)) != nil, "#\(id)")
        }
    }

    @Test("a damaged gzip body is retried like a cut connection, and never stored")
    func retriesDamagedGzip() async throws {
        api.override = { [api] request in
            guard request.path.hasSuffix("/pokemon/25/"),
                var answer = try? SystemGzip.compressed(api.realAnswer(to: request))
            else { return nil }
            answer.body[answer.body.count - 6] ^= 0xFF  // the trailer's CRC
            return answer
        }
        await #expect {
            _ = try await sync(ResourceSyncOptions(offset: 24, limit: 1, retry: .retries(2)))
        } throws: { error in
            guard case .unreachable(let url, let reason) = error as? FetchError else { return false }
            return url.hasSuffix("/pokemon/25/") && reason.contains("gzip checksum")
        }
        #expect(api.server.requests.filter { $0.path.hasSuffix("/pokemon/25/") }.count == 3)
        #expect(try count("pokemon_detail_json") == 0)
    }

    @Test("an encoding pokedex did not ask for is refused at once, naming it")
    func refusesUnaskedEncoding() async throws {
        api.override = { [api] request in
            guard request.path.hasSuffix("/pokemon/25/") else { return nil }
            var answer = api.realAnswer(to: request)
            answer.headers.append(("Content-Encoding", "br"))
            return answer
        }
        await #expect {
            _ = try await sync(ResourceSyncOptions(offset: 24, limit: 1, retry: .retries(2)))
        } throws: { error in
            guard case .undecodable(_, let reason, _) = error as? FetchError else { return false }
            return reason.contains("'br'")
        }
        #expect(api.server.requests.filter { $0.path.hasSuffix("/pokemon/25/") }.count == 1)
    }

    @Test("a small gzip body that inflates past the cap is cut there")
    func cutsAGzipBomb() async throws {
        let zeros = [UInt8](repeating: 0x20, count: PokeAPIEndpoint.maximumDetailsBytes + 1)
        let bomb = try SystemGzip.compress(zeros)
        api.override = { request in
            request.path.hasSuffix("/pokemon/25/")
                ? ScriptedResponse(headers: [("Content-Encoding", "gzip")], body: bomb) : nil
        }
        await #expect {
            _ = try await sync(ResourceSyncOptions(offset: 24, limit: 1, retry: .retries(0)))
        } throws: { error in
            guard case .tooLarge(let url, PokeAPIEndpoint.maximumDetailsBytes) = error as? FetchError else {
                return false
            }
            return url.hasSuffix("/pokemon/25/")
        }
        #expect(bomb.count < PokeAPIEndpoint.maximumDetailsBytes / 100)
    }
}

/// The compressed bodies a fake served, by path.
final class ServedBodies: @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [String: [UInt8]] = [:]

    func record(_ path: String, _ body: [UInt8]) { lock.withLock { bodies[path] = body } }
    func body(_ path: String) -> [UInt8]? { lock.withLock { bodies[path] } }
}
