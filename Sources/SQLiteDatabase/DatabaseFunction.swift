import CSQLite

/// A scalar SQL function written in Swift, for what SQL cannot do itself (zlib, say). It
/// lives as long as the connection it is defined on.
extension Database {
    /// Defines `name` with `argumentCount` arguments on this connection, replacing any earlier
    /// definition (which makes SQLite prepare every cached statement again: define a function
    /// once, see ``functionNames``); deterministic, so SQLite may reuse a result within a
    /// statement. An error `body` throws fails the statement with its description.
    public func defineFunction(
        _ name: String, argumentCount: Int32, _ body: @escaping ([SQLValue]) throws -> SQLValue
    ) throws {
        try checkOpen("function \(name)")
        let box = Unmanaged.passRetained(FunctionBody(body)).toOpaque()
        let status = sqlite3_create_function_v2(
            handle, name, argumentCount, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box,
            { context, count, arguments in
                let function = Unmanaged<FunctionBody>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                let values = (0..<Int(count)).map { SQLValue(arguments![$0]) }
                do {
                    try function.body(values).result(of: context)
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                }
            }, nil, nil,
            { box in box.map { Unmanaged<FunctionBody>.fromOpaque($0).release() } })
        guard status == SQLITE_OK else { throw self.error(sql: nil) }
        functionNames.insert(name)
    }
}

/// The Swift closure SQLite's user data points at.
private final class FunctionBody {
    let body: ([SQLValue]) throws -> SQLValue
    init(_ body: @escaping ([SQLValue]) throws -> SQLValue) { self.body = body }
}

extension SQLValue {
    /// An argument as SQLite holds it (text and blobs copied).
    fileprivate init(_ value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            self = .utf8(ArraySlice(UnsafeRawBufferPointer(start: sqlite3_value_text(value), count: count)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            self = .blob(ArraySlice(UnsafeRawBufferPointer(start: sqlite3_value_blob(value), count: count)))
        default: self = .null
        }
    }

    /// Sets the function's result to this value.
    fileprivate func result(of context: OpaquePointer?) {
        switch self {
        case .null: sqlite3_result_null(context)
        case .integer(let number): sqlite3_result_int64(context, number)
        case .real(let number): sqlite3_result_double(context, number)
        case .text(let text): SQLValue.utf8(ArraySlice(text.utf8)).result(of: context)
        case .utf8(let bytes):
            // As for bound values: an empty buffer may have no base address, and NULL would be NULL.
            bytes.withUnsafeBytes {
                let start = $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
                sqlite3_result_text64(
                    context, start.assumingMemoryBound(to: CChar.self), UInt64($0.count), transient, UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            bytes.withUnsafeBytes {
                sqlite3_result_blob64(
                    context, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, UInt64($0.count), transient)
            }
        }
    }
}
