/// The table a kind's bodies are typed into: its name and its columns besides `id`, each the
/// body's top-level field of the same name (a named resource kept as its slug).
public struct TypedTable: Sendable {
    public let name: String
    public let columns: [String]

    init(_ name: String, _ columns: [String]) {
        self.name = name
        self.columns = columns
    }

    var insert: String {
        let names = (["id"] + columns).joined(separator: ", ")
        let slots = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
        return "INSERT OR REPLACE INTO \(name) (\(names)) VALUES (\(slots))"
    }
}
