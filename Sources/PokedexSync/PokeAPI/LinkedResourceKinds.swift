import HTTPTypes
import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A linked kind (types, abilities, species, evolution chains) as ``ResourceSync`` walks it:
/// decoded with its own scanner, refused (exit 65, naming the URL) when out of range or not
/// the entry it was reached from, and written by its own store.
protocol LinkedResourceKind: PokeAPIResourceKind where Store.Downloaded == DownloadedResource<Fields> {
    associatedtype Fields: LinkedResourceFields
    static func scan(_ body: Data) throws(JSONScanFailure) -> Fields
}

extension LinkedResourceKind {
    static var idRange: ClosedRange<Int> { ResourceLimits.id }
    static var maximumDetailBytes: Int { PokeAPIEndpoint.maximumResourceDetailsBytes }

    static func downloaded(from response: HTTPResponse, entry: ResourceListEntry) throws(FetchError) -> Store.Downloaded
    {
        try JSONResponse.validate(response)
        let fields: Fields
        do {
            fields = try scan(response.body)
        } catch {
            throw JSONResponse.undecodable(response, reason: error.description)
        }
        guard fields.id == entry.id else {
            throw JSONResponse.undecodable(
                response, reason: "detail has id \(fields.id) but its URL \"\(entry.url)\" has id \(entry.id)")
        }
        if let violation = fields.violation { throw JSONResponse.undecodable(response, reason: violation) }
        return DownloadedResource(
            id: fields.id, fields: fields, body: response.storedBody(),
            etag: EntityTagValue.storable(response.header("ETag")))
    }
}

enum TypeKind: LinkedResourceKind {
    typealias Store = TypeStore
    static func scan(_ body: Data) throws(JSONScanFailure) -> TypeDetails { try PokeAPIScanner.type(from: body) }
}

enum AbilityKind: LinkedResourceKind {
    typealias Store = AbilityStore
    static func scan(_ body: Data) throws(JSONScanFailure) -> AbilityDetails { try PokeAPIScanner.ability(from: body) }
}

enum SpeciesKind: LinkedResourceKind {
    typealias Store = SpeciesStore
    static func scan(_ body: Data) throws(JSONScanFailure) -> SpeciesDetails { try PokeAPIScanner.species(from: body) }
}

/// Reached only through the species' `evolution_chain.url`: it has no list walk.
enum EvolutionChainKind: LinkedResourceKind {
    typealias Store = EvolutionChainStore
    static func scan(_ body: Data) throws(JSONScanFailure) -> EvolutionChainDetails {
        try PokeAPIScanner.evolutionChain(from: body)
    }
}

/// A kind kept as its bodies: each must be an object giving its entry's id.
enum StoredBodyKind: LinkedResourceKind {
    typealias Store = StoredBodyStore
    static var idRange: ClosedRange<Int> { -1...ResourceLimits.id.upperBound }
    static var maximumDetailBytes: Int { PokeAPIEndpoint.maximumStoredBodyBytes }
    static func scan(_ body: Data) throws(JSONScanFailure) -> StoredBodyFields {
        var fields = try PokeAPIScanner.storedBody(from: body)
        fields.typed =
            (try? PokeAPIScanner.typedBody(from: body)).map(TypedBodyStore.Typed.body) ?? TypedBodyStore.Typed.none
        return fields
    }
}

/// A Pokémon's encounters: a JSON array, which gives no id; its entry's (the Pokémon's) is kept.
enum PokemonEncountersKind: PokeAPIResourceKind {
    typealias Store = StoredBodyStore
    static var idRange: ClosedRange<Int> { ResourceLimits.id }
    static var maximumDetailBytes: Int { PokeAPIEndpoint.maximumStoredBodyBytes }

    static func downloaded(from response: HTTPResponse, entry: ResourceListEntry) throws(FetchError) -> Store.Downloaded
    {
        try JSONResponse.validate(response)
        do {
            try PokeAPIScanner.encounters(from: response.body)
        } catch {
            throw JSONResponse.undecodable(response, reason: error.description)
        }
        var fields = StoredBodyFields(id: entry.id)
        fields.typed =
            (try? PokeAPIScanner.wildEncounters(from: response.body)).map(TypedBodyStore.Typed.encounters)
            ?? TypedBodyStore.Typed.none
        return DownloadedResource(
            id: entry.id, fields: fields, body: response.storedBody(),
            etag: EntityTagValue.storable(response.header("ETag")))
    }
}
