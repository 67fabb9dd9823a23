public struct GlobalOptions: Equatable, Sendable {
    public var databasePath: String?
    public var quiet = false
    public var verbose = false
    public var color = ColorChoice.auto

    public init(databasePath: String? = nil, quiet: Bool = false, verbose: Bool = false, color: ColorChoice = .auto) {
        self.databasePath = databasePath
        self.quiet = quiet
        self.verbose = verbose
        self.color = color
    }
}
