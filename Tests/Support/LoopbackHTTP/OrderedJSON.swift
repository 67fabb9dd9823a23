import JSONOutput

/// A JSON value whose objects keep their key order, so fixtures match PokeAPI's byte layout
/// (JSONSerialization would reorder keys).
enum OrderedJSON {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    static func string(_ value: String?) -> OrderedJSON {
        value.map(OrderedJSON.string) ?? .null
    }

    static func int(_ value: Int?) -> OrderedJSON {
        value.map(OrderedJSON.int) ?? .null
    }

    /// Compact text, like PokeAPI's: no spaces, no escaped slashes, non-ASCII left as UTF-8.
    var compactText: String {
        var output = ""
        write(into: &output)
        return output
    }

    private func write(into output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .int(let value):
            output += String(value)
        case .string(let value):
            JSONValue.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                value.write(into: &output)
            }
            output += "}"
        }
    }
}
