import HTTPTypes
import PokedexStore
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Pokémon: their bodies checked against the list entry that led to them.
enum PokemonKind: PokeAPIResourceKind {
    typealias Store = PokemonCatalog
    static let idRange = PokemonDetails.Limits.id
    static let maximumDetailBytes = PokeAPIEndpoint.maximumDetailsBytes

    static func downloaded(from response: HTTPResponse, entry: ResourceListEntry) throws(FetchError)
        -> DownloadedDetails
    {
        let details = try JSONResponse.pokemonDetails(from: response)
        guard details.id == entry.id else {
            throw JSONResponse.undecodable(
                response,
                reason: "detail has id \(details.id) but the list entry \"\(entry.name)\" has id \(entry.id)")
        }
        if let inconsistency = details.inconsistency {
            throw JSONResponse.undecodable(response, reason: inconsistency)
        }
        return DownloadedDetails(
            details: details, body: response.storedBody(), etag: EntityTagValue.storable(response.header("ETag")))
    }
}
