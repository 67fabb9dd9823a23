/// The naming rule of migration files, `NNNN_description.sql`, shared by the build-time
/// embedder (which fails the build on a bad set) and the migrator (which refuses one at
/// run time), so the two cannot disagree on what a migration's version is.
public struct MigrationFileName: Sendable, Equatable {
    /// The number the file name starts with: migrations apply in this order.
    public let version: Int
    /// The file name without `.sql`: what `schema_migrations` records.
    public let stem: String

    /// Parses `fileName`; nil unless it is four or more digits, an underscore, then a
    /// description of lower-case letters, digits and underscores, then `.sql`.
    public init?(_ fileName: String) {
        // Read as UTF-8 bytes: the rule admits ASCII only, and Character by Character (grapheme
        // breaking, Unicode properties) it was a visible share of every query, which checks
        // every migration's name.
        let bytes = Array(fileName.utf8)
        guard bytes.count > 4, bytes.suffix(4).elementsEqual(".sql".utf8) else { return nil }
        let stem = bytes.dropLast(4)
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        let lowercase = UInt8(ascii: "a")...UInt8(ascii: "z")
        let digits = stem.prefix { digit.contains($0) }
        let description = stem.dropFirst(digits.count)
        guard digits.count >= 4, let version = Int(String(decoding: digits, as: UTF8.self)), version > 0,
            description.first == UInt8(ascii: "_"), description.count > 1,
            description.dropFirst().allSatisfy({
                lowercase.contains($0) || digit.contains($0) || $0 == UInt8(ascii: "_")
            })
        else { return nil }
        self.version = version
        self.stem = String(decoding: stem, as: UTF8.self)
    }

    /// Why a set of migration file names cannot be applied in order, naming the file.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case malformed(fileName: String)
        case duplicateVersion(fileName: String, other: String)
        /// Versions must run 1, 2, 3…: a gap is a lost or misnumbered file.
        case gap(fileName: String, expected: Int)

        public var description: String {
            switch self {
            case .malformed(let fileName):
                return "migration file \(fileName) is not named NNNN_description.sql "
                    + "(four digits, an underscore, lower-case words joined by underscores)"
            case .duplicateVersion(let fileName, let other):
                return "migration files \(other) and \(fileName) share one version number"
            case .gap(let fileName, let expected):
                return "migration file \(fileName) follows a gap: version \(expected) is missing"
            }
        }
    }

    /// Parses every name and checks that the versions run 1, 2, 3… with no duplicate;
    /// returns them in version order.
    public static func validate(_ fileNames: [String]) throws(Problem) -> [MigrationFileName] {
        var parsed: [(MigrationFileName, String)] = []
        for fileName in fileNames {
            guard let name = MigrationFileName(fileName) else { throw .malformed(fileName: fileName) }
            parsed.append((name, fileName))
        }
        parsed.sort { ($0.0.version, $0.1) < ($1.0.version, $1.1) }
        var expected = 1
        var previous: String?
        for (name, fileName) in parsed {
            if name.version == expected - 1, let previous {
                throw .duplicateVersion(fileName: fileName, other: previous)
            }
            guard name.version == expected else { throw .gap(fileName: fileName, expected: expected) }
            expected += 1
            previous = fileName
        }
        return parsed.map(\.0)
    }
}
