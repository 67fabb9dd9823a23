public enum Command: Equatable, Sendable {
    case sync(SyncCommand)
    case serve(ServeCommand)
    case show(ShowCommand)
    case list(ListCommand)
    case type(TypeCommand)
    case ability(AbilityCommand)
    case resource(ResourceCommand)
    case artwork(ArtworkCommand)
    case get(GetCommand)
    case issues(IssuesCommand)
    case issue(IssueCommand)
    case repos(ReposCommand)
    case browse(BrowseCommand)
    case status(StatusCommand)
    case completions(Shell)
    /// The manual page of the tool (nil) or of one command.
    case man(CommandName?)
    /// The stored names the completion scripts ask for.
    case complete(CompletionRequest)
    /// Help for the tool (nil) or for one command.
    case help(CommandName?)
    case version
}
extension Command {
    var isSync: Bool {
        if case .sync = self { return true }
        return false
    }
}
