/// An official-artwork link and whether it was built from the id rather than given by the API.
public struct Artwork: Sendable, Equatable {
    public let url: String
    public let derived: Bool
}
