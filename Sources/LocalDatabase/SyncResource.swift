/// What a sync works on, as `sync_run.resource` names it: a row of `sync_resource`.
public enum SyncResource: Sendable, Hashable {
    /// A PokeAPI resource kind.
    case pokeAPI(PokeAPIKind)
    /// The images the Pokémon's bodies link (`sync --artwork`), from the image host.
    case artwork
    /// One repository's issues: the name asked for, and GitHub's id once it is known.
    case issues(repositoryName: String, repositoryID: Int?)

    /// The Pokémon list, whose entries a partial sync (`--offset/--limit`) counts.
    public static let pokemon = SyncResource.pokeAPI(.pokemon)

    /// `sync_run.resource`, and the `resource` key of `status --json`.
    public var kind: String {
        switch self {
        case .pokeAPI(let kind): kind.name
        case .artwork: "artwork"
        case .issues: "issues"
        }
    }

    /// The resource a `sync_run` row names.
    init(kind: String, repositoryName: String?, repositoryID: Int?) {
        switch kind {
        case "artwork": self = .artwork
        case "issues": self = .issues(repositoryName: repositoryName ?? "", repositoryID: repositoryID)
        default: self = .pokeAPI(PokeAPIKind(kind))
        }
    }
}
