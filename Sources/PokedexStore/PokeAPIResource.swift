import LocalDatabase

/// What pokedex knows of a PokeAPI resource kind it syncs and stores, declared once in
/// ``PokeAPIResources``: every list of kinds (the walks a sync makes, the links a partial sync
/// follows, the lists it asks for early, `status`, progress) comes from these declarations.
public struct PokeAPIResource: Sendable {
    /// How a body's fields become rows: the typed scanner and store the sync runs.
    public enum Extraction: Sendable, CaseIterable {
        case pokemon, type, ability, species, evolutionChain
    }

    /// How a whole sync reaches the kind's entries.
    public enum Reach: Sendable, Equatable {
        /// Its list is walked.
        case listed
        /// Never listed: only the links stored bodies give are followed.
        case followed
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

    /// Entries of one kind that stored bodies of another kind link to: `sql` selects
    /// `(name, url)` pairs, in order, from the rows of the kind `from` whose ids are the JSON array
    /// bound as `?1`, or from every stored row when `?1` is NULL.
    public struct Link: Sendable {
        public let from: PokeAPIKind
        let sql: String
    }

    /// One more count `status` shows for a kind: its key and the query (a constant) that counts.
    public struct Count: Sendable {
        public let key: String
        let sql: String
    }
}
