import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// A (language, text) pair of a resource's `names`.
public struct LocalizedName: Sendable, Equatable {
    public let language: String
    public let name: String
    public init(language: String, name: String) {
        self.language = language
        self.name = name
    }
}
