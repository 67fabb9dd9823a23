#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A GET request as the sync engine sees it.
public struct HTTPRequest: Sendable, Hashable {
    public var url: URL
    public var headers: [String: String]
    /// The largest body the caller accepts, as received and as decoded: the transport refuses
    /// a longer one with `FetchError.tooLarge` as soon as it is crossed, and so does decoding,
    /// so what a server sends cannot grow memory past it. Each endpoint sets the bound of its
    /// resource kind.
    public var maximumBodyBytes: Int

    public init(url: URL, headers: [String: String] = [:], maximumBodyBytes: Int) {
        self.url = url
        self.headers = headers
        self.maximumBodyBytes = maximumBodyBytes
    }
}
