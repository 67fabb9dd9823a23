/// `pokedex serve`: the database served over HTTP as PokeAPI and GitHub's REST API.
public struct ServeCommand: Equatable, Sendable {
    public static let defaultHost = "127.0.0.1"
    public static let defaultPort = 8080

    /// The address to listen on: loopback unless told otherwise.
    public var host = ServeCommand.defaultHost
    /// 0: any free port (the first line on stderr says which).
    public var port = ServeCommand.defaultPort
    /// Where links point; nil: the address listened on.
    public var baseURL: String?
    public var includePrivate = false
    /// A file whose first line is the token every request must present.
    public var tokenFile: String?
    public var maximumConnections = 256
    public var timeoutSeconds = 10
    public var threads = 2
}
