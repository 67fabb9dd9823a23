public enum CommandName: String, CaseIterable, Sendable {
    case sync, serve, status, show, list, type, ability, artwork, issues, issue, repos, help
}
