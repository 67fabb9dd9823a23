import TextUtilities

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
        // Written as UTF-8 bytes and made a String once: appending each piece to a String
        // (and a String of spaces for each indent) was a large share of what `list --json`
        // spent past the process's start.
        var output: [UInt8] = []
        write(to: &output, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], indent: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(contentsOf: "[\n".utf8)
            for (index, value) in values.enumerated() {
                Self.writeIndent(indent + 1, to: &output)
                value.write(to: &output, indent: indent + 1)
                output.append(contentsOf: (index == values.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.writeIndent(indent, to: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(contentsOf: "{\n".utf8)
            for (index, (key, value)) in members.enumerated() {
                Self.writeIndent(indent + 1, to: &output)
                Self.writeString(key, to: &output)
                output.append(contentsOf: ": ".utf8)
                value.write(to: &output, indent: indent + 1)
                output.append(contentsOf: (index == members.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.writeIndent(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeIndent(_ depth: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// Appends `string` as a JSON string literal: `"`, `\\`, control characters (C0, DEL and C1,
    /// which some terminals obey when `--json` output is shown), bidirectional controls (which
    /// reorder what a terminal shows), U+2028 and U+2029 escaped (the last two break
    /// JavaScript-based tooling), everything else as is. Public so
    /// that the test fakes render their bodies with it: one escaper in the project.
    public static func writeString(_ string: String, to output: inout String) {
        var bytes: [UInt8] = []
        writeString(string, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: appended whole, not scalar by scalar (which was most of
        // the time `issues --json` spent). 0xE2 leads U+2028 and U+2029, 0xC2 the C1 controls,
        // among others; 0xE2 also leads the bidirectional controls but U+061C, which 0xD8 leads.
        // withUTF8 is mutating (it would make a bridged string contiguous): a local copy.
        var string = string
        let appendedWhole = string.withUTF8 { bytes in
            guard
                !bytes.contains(where: {
                    $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 || $0 == 0xC2 || $0 == 0xD8
                })
            else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if !appendedWhole { writeEscaping(string, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `string` escaped, without its quotes: runs that need no escape are appended
    /// whole, between the escapes.
    private static func writeEscaping(_ string: String, to output: inout [UInt8]) {
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
                output.append(contentsOf: Substring(scalars[run..<index]).utf8)
                output.append(contentsOf: escape.utf8)
                run = next
            }
            index = next
        }
        output.append(contentsOf: Substring(scalars[run...]).utf8)
    }
}
