/// `If-None-Match` against an entity tag, compared weakly (RFC 9110 13.1.2), as GitHub and
/// Express do: `W/"x"` and `"x"` match, and `*` matches anything.
public enum EntityTags {
    public static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        if ifNoneMatch.trimmingSpaces == "*" { return true }
        let wanted = opaque(etag[...])
        return ifNoneMatch.split(separator: ",").contains { opaque($0) == wanted }
    }

    private static func opaque(_ tag: Substring) -> Substring {
        let trimmed = tag.trimmingSpaces
        return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
