/// ETags as pokedex stores them and sends them back in `If-None-Match`: RFC 9110's
/// `entity-tag` (`"…"` or `W/"…"`, with printable ASCII between the quotes) at most
/// ``maximumLength`` bytes. Anything else — control characters that would split a header,
/// megabytes of text — is not stored: the next request is then unconditional, which is safe.
enum EntityTagValue {
    static let maximumLength = 256

    /// `header` when it is a well-formed, bounded entity tag; nil otherwise.
    static func storable(_ header: String?) -> String? {
        guard let header else { return nil }
        var bytes = Substring(header).utf8[...]
        guard bytes.count <= maximumLength else { return nil }
        if bytes.starts(with: "W/".utf8) { bytes = bytes.dropFirst(2) }
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else { return nil }
        // etagc = %x21 / %x23-7E / obs-text; obs-text (≥ 0x80) is refused: it is not ASCII.
        let opaque = bytes.dropFirst().dropLast()
        return opaque.allSatisfy { $0 == 0x21 || (0x23...0x7E).contains($0) } ? header : nil
    }
}
