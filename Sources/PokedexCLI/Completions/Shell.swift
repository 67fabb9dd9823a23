/// The shells `pokedex completions` writes a script for.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The completion script, generated from `table`.
    func completionScript(_ table: CommandTable) -> String {
        switch self {
        case .bash: return BashCompletion.script(table)
        case .zsh: return ZshCompletion.script(table)
        case .fish: return FishCompletion.script(table)
        }
    }
}
