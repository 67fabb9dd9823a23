/// The certificates an https server's chain must lead to. By default the system's CA store,
/// as libcurl was built to find it; a private CA (GitHub Enterprise, a self-hosted PokeAPI)
/// needs its own. The entry point reads it from the environment: the transport never does.
public struct TLSTrust: Sendable, Equatable {
    /// A PEM file of CA certificates, trusted instead of the system's bundle (`CURLOPT_CAINFO`).
    public let caBundle: String?
    /// A directory of CA certificates named by their hash, as `openssl rehash` leaves them
    /// (`CURLOPT_CAPATH`).
    public let caDirectory: String?

    public static let system = TLSTrust()

    public init(caBundle: String? = nil, caDirectory: String? = nil) {
        self.caBundle = caBundle
        self.caDirectory = caDirectory
    }
}
