import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// The ranges a linked resource's numbers and lists must fall in to be stored: real
/// data keeps well inside them (species: capture rate 0…255, happiness 0…140, hatch counter
/// 0…120, order 0…1027, 147 flavor texts at most).
public enum ResourceLimits {
    public static let id = PokemonDetails.Limits.id
    public static let byte = 0...255
    public static let genderRate = -1...8
    public static let hatchCounter = 0...10_000
    public static let order = PokemonDetails.Limits.order
    public static let level = 0...1_000
    public static let entries = 0...10_000
    /// Counts a condition asks for: moves used, steps walked, HP of damage taken.
    public static let count = 0...1_000_000

    static func outside(_ name: String, _ value: Int?, _ range: ClosedRange<Int>) -> String? {
        guard let value, !range.contains(value) else { return nil }
        return "\(name) \(value) is outside \(range.lowerBound)…\(range.upperBound)"
    }
}
