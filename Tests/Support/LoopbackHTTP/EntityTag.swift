import Foundation

/// Whether an `If-None-Match` header matches `etag`, with the weak comparison RFC 9110 §13.1.2
/// asks for: a `W/` prefix is ignored and `*` matches anything.
func ifNoneMatch(_ header: String, matches etag: String) -> Bool {
    func opaque(_ tag: Substring) -> Substring {
        let trimmed = Substring(tag.trimmingCharacters(in: .whitespaces))
        return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
    }
    let current = opaque(Substring(etag))
    return header.split(separator: ",").contains { opaque($0) == "*" || opaque($0) == current }
}
