extension JSONValue {
    /// As one line without spaces, the form web APIs send (`serve`'s list pages).
    public func compactBytes() -> [UInt8] {
        var output: [UInt8] = []
        writeCompactly(to: &output)
        return output
    }

    private func writeCompactly(to output: inout [UInt8]) {
        switch self {
        case .null, .bool, .int, .string: output.append(contentsOf: rendered().utf8)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.writeCompactly(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                var quoted = ""
                Self.writeString(key, to: &quoted)
                output.append(contentsOf: quoted.utf8)
                output.append(UInt8(ascii: ":"))
                value.writeCompactly(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
