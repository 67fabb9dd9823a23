/// A parsed command line: options that apply to every command, and the command itself.
public struct Invocation: Equatable, Sendable {
    public var global = GlobalOptions()
    public var command: Command

    public init(global: GlobalOptions = GlobalOptions(), command: Command) {
        self.global = global
        self.command = command
    }
}
