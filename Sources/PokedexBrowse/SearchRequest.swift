import Synchronization

/// One query started: the text it is for, and how a newer one tells it to stop.
public struct SearchRequest: Sendable {
    let generation: Int
    public let text: String
    public let cancellation = SearchCancellation()
}
