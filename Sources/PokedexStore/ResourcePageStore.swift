import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// What a PokeAPI resource's sync writes through, one page (at most `commitSize` entries of a
/// list page, or of the followed URLs) per transaction: the Pokémon catalog and each linked
/// kind (types, abilities, species, evolution chains) conform, so one list→detail engine
/// serves them all.
public protocol ResourcePageStore: SendableMetatype {
    /// A detail body as downloaded, with the fields decoded from it.
    associatedtype Downloaded: Sendable

    var database: Database { get }
    /// Every stored body's ETag and freshness (see ``PokemonCatalog/storedDetails(maximumAgeSeconds:)``).
    func storedDetails(maximumAgeSeconds: Int?) throws -> [Int: StoredDetail]
    /// Opens the page's transaction and stores its entries. On a throw none is left open.
    func beginPage(entries: [ResourceListEntry]) throws
    func saveDetails(_ downloaded: Downloaded) throws
    /// The server confirmed the stored body current (304): restarts its age.
    func confirmDetails(id: Int) throws
    func commitPage() throws
    func rollBackPage()
}
extension PokemonCatalog: ResourcePageStore {}
extension TypeDetails: LinkedResourceFields {}
extension AbilityDetails: LinkedResourceFields {}
extension SpeciesDetails: LinkedResourceFields {}
extension EvolutionChainDetails: LinkedResourceFields {}
