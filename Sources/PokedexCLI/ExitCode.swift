/// Exit statuses, from BSD's sysexits.h so that cron wrappers can tell "try later" from
/// "fix something". The README lists them, and `pokedex man` from `meaning`.
public enum ExitCode: Int32, CaseIterable, Sendable {
    case success = 0
    case usage = 64
    case badServerData = 65
    case notFound = 66
    case unavailable = 69
    case internalError = 70
    /// A file pokedex needs beside it is missing: `pokedex-sync` or `pokedex-serve`.
    case missingFile = 72
    case cannotCreate = 73
    case databaseUnusable = 74
    case tryLater = 75
    case permissionDenied = 77
    case interrupted = 130
    case terminated = 143

    var meaning: String {
        switch self {
        case .success: return "Success."
        case .usage: return "The command line is wrong: an unknown command or option, a missing or malformed value."
        case .badServerData:
            return "The server answered something pokedex cannot use (a 4xx other than 401, a body that is not JSON, "
                + "JSON of the wrong shape); nothing of that page is stored."
        case .notFound:
            return "What was asked for does not exist: not in the local data (an unknown name, nothing synced "
                + "yet), or a repository GitHub does not show."
        case .unavailable: return "The server could not be reached, or failed (5xx, 408, 429)."
        case .internalError: return "A bug in pokedex."
        case .missingFile:
            return "pokedex-sync or pokedex-serve, which run sync and serve, is not installed beside pokedex."
        case .cannotCreate: return "The database file or its directory cannot be created, opened or written."
        case .databaseUnusable:
            return "The database file is not usable: not SQLite, damaged, from a newer pokedex, or, for a "
                + "query, from an older one (run pokedex sync to upgrade it)."
        case .tryLater:
            return "Try later: another sync holds the database beyond --wait, or GitHub's rate limit is "
                + "exhausted beyond --max-wait."
        case .permissionDenied:
            return "A server refused the credentials (HTTP 401): GitHub (GITHUB_TOKEN, GH_TOKEN), or a PokeAPI "
                + "behind a token (POKEAPI_TOKEN)."
        case .interrupted: return "A sync stopped by SIGINT after the page being committed."
        case .terminated: return "A sync stopped by SIGTERM after the page being committed."
        }
    }
}
