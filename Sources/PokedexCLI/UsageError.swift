/// A command line that cannot be run: reported as `Error: …` plus a usage line, exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// The command whose usage line to show; nil shows the tool's.
    public let command: CommandName?
    /// `--color` as given before the error, for the `Error:` that reports it.
    public var color = ColorChoice.auto

    public var description: String { message }
}
