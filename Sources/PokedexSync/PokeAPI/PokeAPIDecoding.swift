import HTTPTypes
import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A page of a resource's list (`/pokemon`, `/type`, …):
/// `{"count", "next", "previous", "results": [{"name", "url"}]}`.
struct PokemonListPage {
    let count: Int
    let next: String?
    let results: [NamedResource]
}

struct NamedResource {
    let name: String
    let url: String
}

/// Checks that a response is a 200 carrying JSON, then decodes it; failures are
/// `FetchError`s naming the URL, the status and the start of the body.
enum JSONResponse {
    static func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponse) throws(FetchError) -> Value {
        try validate(response)
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch {
            throw undecodable(response, reason: describe(error))
        }
    }

    static func pokemonListPage(from response: HTTPResponse) throws(FetchError) -> PokemonListPage {
        try scanned(response, with: PokeAPIScanner.listPage)
    }

    /// The details, refused when a number is outside the ranges real data keeps to
    /// (``PokemonDetails/rangeViolation``): a huge stat would be stored, then break `show`.
    static func pokemonDetails(from response: HTTPResponse) throws(FetchError) -> PokemonDetails {
        let details = try scanned(response, with: PokeAPIScanner.details)
        if let violation = details.rangeViolation { throw undecodable(response, reason: violation) }
        return details
    }

    static func scanned<Value>(
        _ response: HTTPResponse, with scan: (Data) throws(JSONScanFailure) -> Value
    ) throws(FetchError) -> Value {
        try validate(response)
        do {
            return try scan(response.body)
        } catch {
            throw undecodable(response, reason: error.description)
        }
    }

    static func undecodable(_ response: HTTPResponse, reason: String) -> FetchError {
        .undecodable(url: response.url.absoluteString, reason: reason, bodyPrefix: FetchError.prefix(of: response.body))
    }

    /// A 304 to a request that sent no `If-None-Match`: nothing was asked to be confirmed, so
    /// it is a protocol error, not "nothing changed".
    static func unaskedNotModified(_ response: HTTPResponse) -> FetchError {
        undecodable(response, reason: "HTTP 304 Not Modified to a request that sent no If-None-Match")
    }

    /// A 200 whose body starts and ends like JSON, or the `FetchError` saying what came instead:
    /// a body cut short (a length header short of it, a connection closed early) is retried as
    /// one that is not JSON is.
    static func validate(_ response: HTTPResponse) throws(FetchError) {
        let url = response.url.absoluteString
        // Callers that sent a validator handle their 304 before this.
        guard response.status != 304 else { throw unaskedNotModified(response) }
        guard response.status == 200 else {
            throw .status(url: url, status: response.status, bodyPrefix: FetchError.prefix(of: response.body))
        }
        // CDNs have answered 200 with plain "OK" or an HTML page: check before trusting it.
        let isBlank: (UInt8) -> Bool = { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let firstByte = response.body.first { !isBlank($0) }
        let lastByte = response.body.last { !isBlank($0) }
        guard
            firstByte == UInt8(ascii: "{") && lastByte == UInt8(ascii: "}")
                || firstByte == UInt8(ascii: "[") && lastByte == UInt8(ascii: "]")
        else {
            throw .notJSON(url: url, status: response.status, bodyPrefix: FetchError.prefix(of: response.body))
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "top level" : String(keys.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context))"
        case .dataCorrupted(let context):
            return "malformed JSON: \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
