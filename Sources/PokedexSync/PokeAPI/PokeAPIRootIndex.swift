import HTTPTypes
import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// PokeAPI's root index (`/api/v2/`), which names every kind: a whole sync walks the kinds it
/// lists, so a kind PokeAPI adds is synced too.
extension SyncJob {
    /// The kinds the index lists, in its order, saved for `serve` and for the next sync. A server
    /// without an index (404: a server offering the Pokédex's kinds only) lists none; a failure
    /// to read it is reported and the kinds stored at the last sync are taken instead.
    func indexedResources(
        database: Database, transport: @escaping HTTPTransport, log: SyncRunLog,
        events: @escaping @Sendable (SyncEvent) -> Void, firstFailure: inout SyncFailure?
    ) async throws -> [PokeAPIResource] {
        // Every kind --if-older-than will skip: the index is not asked for either.
        let stored = try PokeAPIIndex.resources(database).filter { $0.reach == .indexed }
        if !stored.isEmpty, try stored.allSatisfy({ try freshSuccess(.pokeAPI($0.kind), log: log) != nil }) {
            return stored
        }
        let baseURL = options.pokeAPIBaseURL
        let kinds: [(name: String, url: String)]
        do {
            let request = try PokeAPIEndpoint.rootIndex.request(baseURL: baseURL)
            let listed = try await client(transport, events: events).fetch(
                request, retrying: options.resources.retry
            ) { response -> [(name: String, url: String)]? in
                guard response.status != 404 else { return nil }
                try JSONResponse.validate(response)
                do {
                    return try Self.rootIndexKinds(response.body, baseURL: baseURL)
                } catch {
                    throw JSONResponse.undecodable(response, reason: "\(error)")
                }
            }
            kinds = listed ?? []
            try PokeAPIIndex.save(kinds, in: database)
        } catch let error as FetchError {
            let failure = SyncFailure(
                resource: .pokeAPI(PokeAPIKind("root index")), underlying: error, pagesCommitted: 0,
                lastSuccess: try PokeAPIIndex.readAt(database))
            events(.failed(failure))
            firstFailure = firstFailure ?? failure
            return stored
        }
        // The Pokédex's own kinds are walked whether the index lists them or not.
        return kinds.map { kind in
            PokeAPIResources.all.first { $0.kind.name == kind.name } ?? PokeAPIResources.discovered(kind.name)
        }
        .filter { $0.reach == .indexed }
    }

    /// `{"ability": "https://pokeapi.co/api/v2/ability/", …}`: each kind's name (a slug, as it
    /// becomes a run's name and a path) and its list URL on the API's origin.
    static func rootIndexKinds(_ body: Data, baseURL: URL) throws -> [(name: String, url: String)] {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in
            var kinds: [(name: String, url: String)] = []
            try scanner.eachField { scanner, key throws(JSONScanFailure) in
                let name = try scanner.keyString(key)
                let url = try scanner.string()
                guard Self.isKindName(name) else {
                    throw scanner.fail("kind \"\(Excerpt.of(name, maximumCharacters: 60))\" is not a lower-case slug")
                }
                guard URL.onOrigin(of: baseURL, url) != nil else {
                    throw scanner.fail(
                        "\"\(name)\" links \"\(Excerpt.of(url, maximumCharacters: 200))\", off the API's origin")
                }
                kinds.append((name, url))
            }
            return kinds
        }
    }

    /// A kind's name as the index gives it: `a`–`z`, digits and inner hyphens, at most 64.
    static func isKindName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return (1...64).contains(bytes.count) && bytes.first != UInt8(ascii: "-") && bytes.last != UInt8(ascii: "-")
            && bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }
}
