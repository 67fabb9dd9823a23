#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// PokeAPI bodies read with ``JSONScanner``, one shape to a file: the few stored fields are parsed
/// in one pass and everything else (moves, game_indices, sprites.versions, … ≈99 % of a detail
/// body's bytes) is skipped. Decoding them with `JSONDecoder`, even into a struct of the few
/// fields needed, was most of a catalog sync's CPU.
public enum PokeAPIScanner {}

/// PokeAPI's `NamedAPIResource`, which every shape references: it needs `name` and `url` strings.
extension JSONScanner {
    /// `{"name": String, "url": String}`.
    mutating func namedResource() throws(JSONScanFailure) -> NamedResource {
        try beginObject()
        var name: String?, url: String?
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "name") {
                name = try string()
            } else if key(k, is: "url") {
                url = try string()
            } else {
                try skipValue()
            }
        }
        guard let name, let url else { throw fail("resource without name or url") }
        return NamedResource(name: name, url: url)
    }

    /// `{"name": String, "url": String}` → name.
    mutating func namedResourceName() throws(JSONScanFailure) -> String {
        try namedResource().name
    }

    mutating func optionalNamedResourceName() throws(JSONScanFailure) -> String? {
        try consumeNull() ? nil : try namedResourceName()
    }

    /// `[{"name": String, "url": String}, …]`.
    mutating func namedResources() throws(JSONScanFailure) -> [NamedResource] {
        try beginArray()
        var resources: [NamedResource] = []
        var first = true
        while try nextElement(&first) { resources.append(try namedResource()) }
        return resources
    }
}

/// The loops every shape repeats: an object's keys, an array's elements.
extension JSONScanner {
    /// Calls `field` with each key of an object, the scanner at its value (which `field` reads or skips).
    mutating func eachField(_ field: (inout JSONScanner, Key) throws(JSONScanFailure) -> Void) throws(JSONScanFailure) {
        try beginObject()
        var first = true
        while let k = try nextKey(&first) { try field(&self, k) }
    }

    /// Calls `element` with the scanner at each element of an array.
    mutating func eachElement(_ element: (inout JSONScanner) throws(JSONScanFailure) -> Void) throws(JSONScanFailure) {
        try beginArray()
        var first = true
        while try nextElement(&first) { try element(&self) }
    }
}
