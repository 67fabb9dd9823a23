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
    /// Whether every row a page writes references rows that exist, and no page deletes or
    /// replaces (`INSERT OR REPLACE`) a row others reference, so that its writer may turn
    /// SQLite's check of each row's foreign keys off for the run: a delete that relies on
    /// `ON DELETE CASCADE` needs enforcement on.
    static var writesOnlyExistingReferences: Bool { get }
}

extension ResourcePageStore {
    public static var writesOnlyExistingReferences: Bool { false }
}

extension PokemonCatalog: ResourcePageStore {
    /// A page upserts its Pokémon before their details, whose ids must be their entries';
    /// each learnset row's codes exist or are added in the page's transaction
    /// (``LearnsetNameCodes``); it deletes only child rows. Checking the four references of
    /// each of ≈470 learnset rows a Pokémon was much of its writing.
    public static var writesOnlyExistingReferences: Bool { true }
}
extension TypeDetails: LinkedResourceFields {}
extension AbilityDetails: LinkedResourceFields {}
extension SpeciesDetails: LinkedResourceFields {}
extension EvolutionChainDetails: LinkedResourceFields {}
