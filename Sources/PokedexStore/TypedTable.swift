/// The table a kind's bodies are typed into: its name and its columns besides `id`, each the
/// body's top-level field of the same name (a named resource kept as its slug).
public struct TypedTable: Sendable {
    public let name: String
    public let columns: [String]

    /// The statement that stores a body's row, built once: every body asks.
    let insert: String

    init(_ name: String, _ columns: [String]) {
        self.name = name
        self.columns = columns
        let names = (["id"] + columns).joined(separator: ", ")
        let slots = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
        // An upsert, not `INSERT OR REPLACE`: on a table that others reference or that has an
        // index, a replace opens a statement journal for each row (see `TypedBodyStore`).
        let updates = columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        insert =
            "INSERT INTO \(name) (\(names)) VALUES (\(slots)) ON CONFLICT (id) "
            + (columns.isEmpty ? "DO NOTHING" : "DO UPDATE SET \(updates)")
    }
}
