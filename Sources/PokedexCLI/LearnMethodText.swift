import TextUtilities

/// A way of learning a move as the moves lines say it: the ways every game has in the line's
/// own words (`by machine`, `by egg`, `by tutor`), the others by their stored names, as names
/// (`by Stadium: Surfing Pikachu`, `by Zygarde Cube`), else their slugs' words capitalised.
enum LearnMethodText {
    private static let common: Set = ["level-up", "machine", "egg", "tutor"]

    static func phrase(_ method: String, names: [String: String]) -> String {
        common.contains(method) ? SlugText.readable(method).lowercased() : names[method] ?? SlugText.readable(method)
    }
}
