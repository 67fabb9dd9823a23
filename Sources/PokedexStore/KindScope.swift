import SQLiteDatabase

/// What keeps a statement to one kind's rows: nothing for a kind with tables of its own, a
/// leading `kind = ?` for a kind in the shared tables (`pokeapi_resource`). Each fragment
/// comes before the statement's other placeholders, so ``parameters`` go first.
struct KindScope: Sendable {
    /// The kind's name in the shared tables; nil for tables of its own.
    let kind: String?

    /// `kind = ? AND ` or nothing, to start a `WHERE`.
    var condition: String { kind == nil ? "" : "kind = ? AND " }
    /// ` WHERE kind = ?` or nothing, for a statement that reads the whole kind.
    var whereClause: String { kind == nil ? "" : " WHERE kind = ?" }
    /// `kind, ` and `?, ` or nothing, to start an `INSERT`'s columns and values.
    var column: String { kind == nil ? "" : "kind, " }
    var placeholder: String { kind == nil ? "" : "?, " }
    var parameters: [SQLValue] { kind.map { [.text($0)] } ?? [] }
}
