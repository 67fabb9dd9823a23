import Foundation
import PokedexStore

/// A page of `/pokemon`: `{"count", "next", "previous", "results": [{"name", "url"}]}`.
struct PokemonListPage: Decodable {
    let count: Int
    let next: String?
    let results: [NamedResource]
}

struct NamedResource: Decodable {
    let name: String
    let url: String
}

/// Only the detail fields pokedex stores in columns: decoding moves, game indices and the
/// rest of a 100 KB body would cost ~8× more, and the raw body is kept anyway.
struct PokemonDetailBody: Decodable {
    struct TypeSlot: Decodable {
        let slot: Int
        let type: NamedResource
    }

    struct AbilitySlot: Decodable {
        let ability: NamedResource?
        let isHidden: Bool
        let slot: Int

        enum CodingKeys: String, CodingKey {
            case ability, slot
            case isHidden = "is_hidden"
        }
    }

    struct StatValue: Decodable {
        let baseStat: Int
        let effort: Int
        let stat: NamedResource

        enum CodingKeys: String, CodingKey {
            case effort, stat
            case baseStat = "base_stat"
        }
    }

    struct Sprites: Decodable {
        struct Other: Decodable {
            struct Artwork: Decodable {
                let frontDefault: String?
                enum CodingKeys: String, CodingKey { case frontDefault = "front_default" }
            }
            let officialArtwork: Artwork?
            enum CodingKeys: String, CodingKey { case officialArtwork = "official-artwork" }
        }
        let other: Other?
    }

    let id: Int
    let name: String
    let height: Int?
    let weight: Int?
    let baseExperience: Int?
    let order: Int?
    let species: NamedResource?
    let types: [TypeSlot]
    let abilities: [AbilitySlot]
    let stats: [StatValue]
    let sprites: Sprites?

    enum CodingKeys: String, CodingKey {
        case id, name, height, weight, order, species, types, abilities, stats, sprites
        case baseExperience = "base_experience"
    }

    var details: PokemonDetails {
        PokemonDetails(
            id: id, name: name, height: height, weight: weight, baseExperience: baseExperience,
            order: order, speciesName: species?.name,
            types: types.sorted { $0.slot < $1.slot }.map(\.type.name),
            abilities: abilities.compactMap { slot in
                slot.ability.map { PokemonDetails.Ability(name: $0.name, isHidden: slot.isHidden, slot: slot.slot) }
            },
            stats: stats.map { PokemonDetails.Stat(name: $0.stat.name, baseStat: $0.baseStat, effort: $0.effort) },
            officialArtworkURL: sprites?.other?.officialArtwork?.frontDefault)
    }
}

/// Turns a response into a decoded value, or a `FetchError` naming the URL, the status and
/// the start of the body.
enum JSONResponse {
    static func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponse) throws(FetchError) -> Value {
        let url = response.url.absoluteString
        guard response.status == 200 else {
            throw .status(url: url, status: response.status, bodyPrefix: FetchError.prefix(of: response.body))
        }
        // CDNs have answered 200 with plain "OK" or an HTML page: check before trusting it.
        let firstByte = response.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") else {
            throw .notJSON(url: url, status: response.status, bodyPrefix: FetchError.prefix(of: response.body))
        }
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch {
            throw .undecodable(url: url, reason: describe(error), bodyPrefix: FetchError.prefix(of: response.body))
        }
    }

    private static func describe(_ error: any Error) -> String {
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
