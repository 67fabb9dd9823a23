/// `If-None-Match` against an entity tag, compared weakly (RFC 9110 13.1.2), as GitHub and
/// Express do: `W/"x"` and `"x"` match, and `*` matches anything.
public enum EntityTags {
    public static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        if ifNoneMatch.trimmingSpaces == "*" { return true }
        let wanted = opaque(etag[...])
        // Tags are compared as bytes, as RFC 9110 compares them.
        return ifNoneMatch.split(separator: ",").contains { opaque($0).utf8.elementsEqual(wanted.utf8) }
    }

    private static func opaque(_ tag: Substring) -> Substring {
        let trimmed = tag.trimmingSpaces
        return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: SubSequence {
        // By bytes: every request's headers pass here. A space's neighbours start or end scalars.
        let bytes = Substring(self).utf8  // the same indices, and a bidirectional view
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return self[endIndex...] }
        return self[first..<bytes.index(after: last)]
    }
}
