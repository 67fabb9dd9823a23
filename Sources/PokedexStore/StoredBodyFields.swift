/// What sync checks of a body it keeps whole: the id it gives (an encounters array gives
/// none: its Pokémon's is taken).
public struct StoredBodyFields: LinkedResourceFields {
    public let id: Int
    public var violation: String? { nil }

    public init(id: Int) {
        self.id = id
    }
}
