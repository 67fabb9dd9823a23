/// What a listing (`list`, `issues`) says on standard error about what its page leaves out,
/// for people: that nothing matched and which filters, or how many more there are and which
/// option shows them. Standard output keeps the results alone.
struct ListingNote {
    /// "issue of acme/rocket", "Pokémon stored".
    let singular: String
    /// "issues of acme/rocket", "Pokémon stored".
    let plural: String
    /// The options that chose what is listed, as typed: `--search zzz`, `--type fire`.
    let filters: [String]
    let offset: Int

    /// An option and its value as a shell reads it back: quoted where it has spaces.
    static func option(_ name: String, _ value: String) -> String {
        name + " " + (value.contains(where: \.isWhitespace) ? "\"\(value)\"" : value)
    }

    /// For a page with nothing on it, `total` being how many match from the start: "no issue
    /// of acme/rocket matches --search zzz", or "--offset 600 is past the 500 issues of
    /// acme/rocket" when the offset is; `because`, why nothing could match.
    func nothingShown(total: Int, because reason: String? = nil) -> DisplayText {
        let matching = filters.joined(separator: " ")
        if total > 0 {
            return "--offset \(offset) is past the \(Quantities.thousands(total)) \(plural)"
                + (filters.isEmpty ? "" : " matching \(matching)")
        }
        let why = reason.map { ": " + $0 } ?? ""
        return "no \(singular)" + (filters.isEmpty ? "" : " matches \(matching)") + "\(why)"
    }

    /// For a page of `shown` that `total` matches exceed: "… 1,331 more: --limit 1351 or
    /// --offset 20"; nil when nothing is left out.
    func more(shown: Int, total: Int) -> DisplayText? {
        let more = total - offset - shown
        guard more > 0 else { return nil }
        return "… \(Quantities.thousands(more)) more: --limit \(total - offset) or --offset \(offset + shown)"
    }
}
