import LocalDatabase
import SQLiteDatabase

/// What pokedex knows of a PokeAPI resource kind it syncs and stores, declared once in
/// ``PokeAPIResources``: every list of kinds (the walks a sync makes, the links a partial sync
/// follows, the lists it asks for early, `status`, progress) comes from these declarations.
public struct PokeAPIResource: Sendable {
    /// How a body's fields become rows: the typed scanner and store the sync runs. `body`
    /// kinds (a JSON object with an `id`) and the encounters (a JSON array) are kept as their
    /// bodies in the shared tables; so are the version groups, whose order is kept too.
    public enum Extraction: Sendable, CaseIterable {
        case pokemon, type, ability, species, evolutionChain, body, encounters, versionGroup
    }

    /// How a whole sync reaches the kind's entries.
    public enum Reach: Sendable, Equatable {
        /// Its list is walked.
        case listed
        /// Never listed: only the links stored bodies give are followed.
        case followed
        /// Listed when PokeAPI's root index names it: kinds a server may or may not offer.
        case indexed
    }

    public let kind: PokeAPIKind
    /// What progress and `status` call the run: `types`, `Pokémon catalog`.
    public let title: String
    /// An entry and several, as summaries count them: `type`, `types`.
    public let singular: String
    public let plural: String
    /// The key `status --json` counts its rows under: `types`, `evolution_chains`.
    public let countKey: String
    public let tables: ResourceTables
    public let reach: Reach
    /// Where stored bodies link to entries of this kind. A partial sync (`--offset/--limit`)
    /// takes exactly the entries linked from what it took of the kinds named; a followed kind
    /// takes every link a whole sync stored.
    public let links: [Link]
    /// Rows `status` counts beside the entries, of what `show` draws on.
    public let extraCounts: [Count]
    public let extraction: Extraction
    /// The table its bodies are typed into besides the names, effects and flavor texts every
    /// kept body gives (migration 0022), if it has one.
    public var typedTable: TypedTable? = nil
    /// Kinds its entries are shown with, which `--resources` takes along: the version groups
    /// whose order lists a move's games (alphabetical order made "Ruby Sapphire" come after
    /// "Omega Ruby Alpha Sapphire").
    public var needs: [PokeAPIKind] = []

    /// Whether the kind is an endpoint of its own (`/api/v2/{kind}/`): all but the encounters,
    /// which are `/pokemon/{id}/encounters`.
    public var isEndpoint: Bool { extraction != .encounters }

    /// Entries of one kind that stored bodies of another kind link to: `sql` selects
    /// `(name, url)` pairs, in order, from the rows of the kind `from` whose ids are the JSON array
    /// bound as `?1`, or from every stored row when `?1` is NULL; a third column, when selected,
    /// is the entry's id where its URL does not end in it.
    public struct Link: Sendable {
        public let from: PokeAPIKind
        let sql: String
        /// Values bound after the ids, as `?2`…
        var parameters: [SQLValue] = []
    }

    /// One more count `status` shows for a kind: its key and the query (a constant) that counts.
    public struct Count: Sendable {
        public let key: String
        let sql: String
    }
}
