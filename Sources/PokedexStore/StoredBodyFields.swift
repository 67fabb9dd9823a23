/// What sync checks of a body it keeps whole: the id it gives (an encounters array gives
/// none: its Pokémon's is taken).
public struct StoredBodyFields: LinkedResourceFields {
    public let id: Int
    /// The body's `name`, `order` and `generation.name` where it has them: what a version
    /// group's row keeps.
    public var name: String?
    public var order: Int?
    public var generation: String?
    /// What the body gives its typed tables, read with it on the download's task; nil leaves
    /// it to the pass after the walk.
    public var typed: TypedBodyStore.Typed?
    public var violation: String? { nil }

    public init(id: Int, name: String? = nil, order: Int? = nil, generation: String? = nil) {
        self.id = id
        self.name = name
        self.order = order
        self.generation = generation
    }
}
