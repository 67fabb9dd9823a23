/// PokeAPI slugs made readable where no stored name exists (stats, egg groups, items, moves,
/// places, game versions and forms are not synced with names): one rendering everywhere a slug
/// is shown, derived from the slug alone, with no table of names.
public enum SlugText {
    /// Words title-cased (`special-attack` → Special Attack), `of`, `the` and `and` lower-case
    /// inside (`tower-of-darkness` → Tower of Darkness), letters and digits split (`water1` →
    /// Water 1), and a word without a vowel read as an abbreviation (`hp` → HP; `mt` → Mt). An apostrophe
    /// the slug dropped cannot be known (`kings-rock` → Kings Rock).
    public static func readable(_ slug: String) -> String {
        let words = slug.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).flatMap(splitDigits)
        return words.enumerated().map { index, word in
            if index > 0, lowerCaseInside.contains(word) { return word }
            if word.allSatisfy({ $0.isLetter && $0.isASCII }) && !word.contains(where: vowels.contains),
                !titleCaseAbbreviations.contains(word)
            {
                return word.uppercased()
            }
            return word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    private static let lowerCaseInside: Set<String> = ["of", "the", "and"]
    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
    /// English abbreviations written with a capital only (`mt-coronet` → Mt Coronet, `mime-jr`).
    private static let titleCaseAbbreviations: Set<String> = ["mt", "jr", "dr", "st", "mr", "mrs"]

    /// `water1` → water, 1; `10` stays whole.
    private static func splitDigits(_ word: Substring) -> [String] {
        var pieces: [String] = []
        for character in word {
            if let last = pieces.last?.last, last.isNumber == character.isNumber {
                pieces[pieces.count - 1].append(character)
            } else {
                pieces.append(String(character))
            }
        }
        return pieces
    }
}
