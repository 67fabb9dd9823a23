import JSONOutput
import SQLiteDatabase

public enum SyncResource: Sendable, Equatable, CustomStringConvertible {
    case pokemon
    /// One repository's issues: the name asked for, and GitHub's id once it is known.
    case issues(repositoryName: String, repositoryID: Int?)
    /// The resources of a Pokédex entry, synced after the catalog.
    case types, abilities, species, evolutionChains
    /// The images the Pokémon's bodies link (`sync --artwork`), from the image host.
    case artwork

    /// The Pokédex entry's resources, in the order a sync takes them.
    public static let linked: [SyncResource] = [.types, .abilities, .species, .evolutionChains]

    public var description: String {
        switch self {
        case .pokemon: return "Pokémon catalog"
        case .issues(let name, _): return "\(name) issues"
        case .types: return "types"
        case .abilities: return "abilities"
        case .species: return "species"
        case .evolutionChains: return "evolution chains"
        case .artwork: return "artwork"
        }
    }

    /// `sync_run.resource`, and the `resource` key of `status --json`.
    public var kind: String {
        switch self {
        case .pokemon: return "pokemon"
        case .issues: return "issues"
        case .types: return "type"
        case .abilities: return "ability"
        case .species: return "pokemon-species"
        case .evolutionChains: return "evolution-chain"
        case .artwork: return "artwork"
        }
    }
}
