import PokedexStore

/// What every PokeAPI resource body starts from: its id, and for a named kind its slug and the
/// names it has in each language.
struct ResourceIdentity {
    let id: Int
    /// Empty for a nameless kind (evolution chains).
    let name: String
    let names: [LocalizedName]
}

extension JSONScanner {
    /// A resource body's object: `id` (and for a named kind `name`) read here and required,
    /// `names` read here when `localized`; every other key is handed to `field` with the
    /// scanner at its value, which `field` reads or skips. A missing key refuses the body,
    /// naming it.
    mutating func resourceObject(
        named: Bool = true, localized: Bool = true,
        _ field: (inout JSONScanner, Key) throws(JSONScanFailure) -> Void
    ) throws(JSONScanFailure) -> ResourceIdentity {
        var id: Int?, name: String?, names: [LocalizedName] = []
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "id") {
                id = try scanner.int()
            } else if named, scanner.key(k, is: "name") {
                name = try scanner.string()
            } else if localized, scanner.key(k, is: "names") {
                names = try scanner.localizedNames()
            } else {
                try field(&scanner, k)
            }
        }
        guard let id else { throw fail("missing \"id\"") }
        guard let name = named ? name : "" else { throw fail("missing \"name\"") }
        return ResourceIdentity(id: id, name: name, names: names)
    }
}
