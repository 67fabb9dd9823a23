/// Exit statuses, from BSD's sysexits.h so that cron wrappers can tell "try later" from
/// "fix something". The README lists them.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The command line is wrong.
    case usage = 64
    /// The server answered something pokedex cannot use (a 4xx, non-JSON, wrong shape).
    case badServerData = 65
    /// What was asked for does not exist: not in the local data (unknown name, nothing
    /// synced yet), or a repository GitHub does not show.
    case notFound = 66
    /// The server could not be reached, or failed (5xx).
    case unavailable = 69
    /// A bug in pokedex.
    case internalError = 70
    /// A file pokedex needs beside it is missing: `pokedex-sync`, which `sync` runs.
    case missingFile = 72
    /// The database file or its directory cannot be created, opened or written.
    case cannotCreate = 73
    /// The database file is not usable: not SQLite, damaged, or from a newer pokedex.
    case databaseUnusable = 74
    /// Not now: another sync holds the database, or GitHub's rate limit is exhausted beyond
    /// --max-wait.
    case tryLater = 75
    /// GitHub refused the credentials.
    case permissionDenied = 77
    /// A sync stopped by SIGINT (128 + 2) or SIGTERM (128 + 15) after its current commit.
    case interrupted = 130
    case terminated = 143
}
