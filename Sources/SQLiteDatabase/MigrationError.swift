import MigrationNames
import SHA256Digest

/// Why the schema could not be brought up to date. Nothing is written in any of these cases.
public enum MigrationError: Error, Equatable, CustomStringConvertible {
    case badFileName(String)
    case duplicateVersion(Int)
    /// An applied migration's text differs from the one this binary carries.
    case checksumMismatch(name: String, recorded: String, embedded: String)
    /// The database has migrations this binary does not know: a newer pokedex made it.
    case newerDatabase(unknown: [String])
    case failed(name: String, error: DatabaseError)
    case foreignKeyViolations(name: String, count: Int)

    public var description: String {
        switch self {
        case .badFileName(let name):
            return MigrationFileName.Problem.malformed(fileName: name).description
        case .duplicateVersion(let version):
            return "two migrations share version \(version)"
        case .checksumMismatch(let name, let recorded, let embedded):
            return "migration \(name) was applied with checksum \(recorded.prefix(12)) but this "
                + "pokedex carries \(embedded.prefix(12)): the migration was edited after it shipped; "
                + "the database was left unchanged"
        case .newerDatabase(let unknown):
            return "the database was written by a newer pokedex (unknown migrations: "
                + unknown.joined(separator: ", ") + "); upgrade pokedex to use it. Nothing was changed"
        case .failed(let name, let error):
            return "migration \(name) failed and was rolled back: \(error)"
        case .foreignKeyViolations(let name, let count):
            return "migration \(name) left \(count) foreign key violations and was rolled back"
        }
    }
}
