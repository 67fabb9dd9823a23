/// What completes an option's value or a command's argument, as the declarations say: the
/// scripts `pokedex completions` prints are generated from it.
enum ValueCompletion: Sendable, Equatable {
    /// Free text (a number, a duration, a URL): nothing to offer.
    case anything
    /// One of these words.
    case words([String])
    /// A file's path.
    case files
    /// Names the local database holds, asked of `pokedex __complete` while completing.
    case stored(StoredName)
    /// The name of a command a user sees.
    case commands
}
