/// A request about to be sent again after a transient failure: what progress shows as
/// "retrying GET … in 4 s (2 of 4): connection refused".
public struct RetryNotice: Sendable, Equatable {
    public let url: String
    /// The wait before it is sent again.
    public let delay: Duration
    /// Which retry this is, from 1, of `retries`.
    public let retry: Int
    public let retries: Int
    /// Why the last attempt failed, in a few words.
    public let reason: String
}
