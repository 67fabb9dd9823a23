import TextUtilities

extension SecretRedactor {
    /// Every string of `value`, keys included, redacted; the shape is kept.
    public func redact(_ value: JSONValue) -> JSONValue {
        guard !secrets.isEmpty else { return value }
        switch value {
        case .null, .bool, .int: return value
        case .string(let text): return .string(redact(text))
        case .array(let values): return .array(values.map(redact))
        case .object(let members): return .object(members.map { (redact($0.0), redact($0.1)) })
        }
    }
}
