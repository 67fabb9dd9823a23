public enum CommandName: String, CaseIterable, Sendable {
    case sync, serve, status, show, list, type, ability, move, item, location, artwork, get, issues, issue, repos,
        browse, completions, man, help
    /// What the completion scripts ask the binary for while completing: hidden.
    case complete = "__complete"
}
