import JSONOutput
import SQLiteDatabase

/// What a query reads of one image kind of a Pokémon.
public struct StoredImageState: Sendable, Equatable {
    public let kind: ImageKind
    /// The URL the stored detail body gives; nil when it gives none (no such image).
    public let linkedURL: String?
    /// The stored PNG's size; nil when none is stored.
    public let byteSize: Int?
    /// The image host answered 404 for `linkedURL` (remembered until --max-age passes).
    public let isMissing: Bool
    /// Whether the Pokémon's details are stored: without them, no image is linked yet.
    public var detailsStored = true

    public var isStored: Bool { byteSize != nil }
}
