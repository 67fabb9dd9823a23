/// A JSON document with object keys kept in the order written, so `--json` output has
/// stable, documented key order.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        left.rendered() == right.rendered()
    }

    public static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Pretty-printed with two-space indentation, like `jq`.
    public func rendered() -> String {
        var output = ""
        write(to: &output, indent: 0)
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, value) in values.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                value.write(to: &output, indent: indent + 1)
                output += index == values.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                Self.writeString(key, to: &output)
                output += ": "
                value.write(to: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// Appends `string` as a JSON string literal: `"`, `\\`, control characters (C0, DEL and C1,
    /// which some terminals obey when `--json` output is shown), bidirectional controls (which
    /// reorder what a terminal shows), U+2028 and U+2029 escaped (the last two break
    /// JavaScript-based tooling), everything else as is. Public so
    /// that the test fakes render their bodies with it: one escaper in the project.
    public static func writeString(_ string: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: appended whole, not scalar by scalar (which was most of
        // the time `issues --json` spent). 0xE2 leads U+2028 and U+2029, 0xC2 the C1 controls,
        // among others; 0xE2 also leads the bidirectional controls but U+061C, which 0xD8 leads.
        guard
            string.utf8.contains(where: {
                $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 || $0 == 0xC2 || $0 == 0xD8
            })
        else {
            output += string
            output += "\""
            return
        }
        // Runs that need no escape are appended whole, between the escapes.
        let scalars = string.unicodeScalars
        var run = scalars.startIndex
        var index = run
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}",
                _ where BidirectionalControl.contains(scalar):
                let hex = String(scalar.value, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escape = nil
            }
            let next = scalars.index(after: index)
            if let escape {
                output += Substring(scalars[run..<index])
                output += escape
                run = next
            }
            index = next
        }
        output += Substring(scalars[run...])
        output += "\""
    }
}
