/// The members of a JSON object's top level (`"private": true`, `"created_at": "…"`), read
/// without decoding the rest: nested objects and arrays are only located, so a nested
/// `private` (a template's, a fork's parent's) is never taken for the repository's own.
/// nil for text that is not an object of that shape.
enum JSONTopLevel {
    enum Value: Equatable {
        case string(String)
        case bool(Bool)
        /// An object or array, by where its bytes are.
        case container(Range<Int>)
        case other
    }

    static func members(_ bytes: [UInt8]) -> [String: Value]? {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var members: [String: Value] = [:]
        reader.skipSpace()
        if reader.take(UInt8(ascii: "}")) { return members }
        while true {
            reader.skipSpace()
            guard let key = reader.string() else { return nil }
            reader.skipSpace()
            guard reader.take(UInt8(ascii: ":")) else { return nil }
            reader.skipSpace()
            guard let value = reader.value() else { return nil }
            members[key] = value
            reader.skipSpace()
            if reader.take(UInt8(ascii: "}")) { return members }
            guard reader.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string's text, escapes undone (`\uXXXX` kept as written: keys and the values
        /// read here are ASCII).
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var text: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    text.append(bytes[index])
                    index += 1
                default: text.append(byte)
                }
            }
            return nil
        }

        /// A value: scalars read, containers skipped whole (strings inside them included).
        mutating func value() -> Value? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let start = index
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard string() != nil else { return nil }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return .container(start..<index)
                        }
                    default: break
                    }
                    index += 1
                }
                return nil
            default:
                let start = index
                while index < bytes.count,
                    ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index])
                {
                    index += 1
                }
                let word = String(decoding: bytes[start..<index], as: UTF8.self).filter { !$0.isWhitespace }
                return word == "true" ? .bool(true) : word == "false" ? .bool(false) : .other
            }
        }
    }
}
