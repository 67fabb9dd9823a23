/// What `pokedex sync` does when the command line leaves a setting out. The engine's
/// defaults and the ones help prints are these constants, so the two cannot drift; this
/// module has no dependencies, so the query binary shows them without linking the engine.
public enum SyncDefaults {
    public static let pokeAPIBaseURL = "https://pokeapi.co/api/v2"
    public static let gitHubBaseURL = "https://api.github.com"
    /// Detail downloads in flight at once: PokeAPI bans abusers, so modest.
    public static let concurrency = 8
    /// Entries asked for per list request: the whole dex's lists in a few round trips.
    public static let listPageSize = 1_000
    /// Entries stored per transaction: the most a failure or a crash can lose.
    public static let commitSize = 100
    /// Attempts after the first for a request that failed transiently.
    public static let retries = 4
    /// Seconds a request may receive nothing before it fails (and is retried): with the
    /// retries, a server that never answers fails the sync in under a minute.
    public static let requestTimeoutSeconds = 10
    /// A request's total deadline, in `requestTimeoutSeconds`: a body that keeps arriving,
    /// however slowly, is given up on after this.
    public static let requestDeadlineMultiple = 4
    /// Seconds one request may spend waiting between its attempts, in all.
    public static let retryWaitSeconds = 60
    /// Seconds to wait for a GitHub rate limit to reset before stopping.
    public static let maximumWaitSeconds = 60
    /// A repository is reconciled by itself when its last reconcile is older: a week.
    public static let reconcileAfterSeconds = 7 * 86_400
    /// Stored details younger than this are reused without a request: a daily cron
    /// revalidates each once (answered 304 when unchanged), more frequent runs read lists only.
    public static let maximumDetailAgeSeconds = 86_400
}
