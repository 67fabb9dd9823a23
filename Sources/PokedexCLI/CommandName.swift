public enum CommandName: String, CaseIterable, Sendable {
    case sync, status, show, list, type, ability, artwork, issues, issue, repos, help
}
