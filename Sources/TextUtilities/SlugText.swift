/// PokeAPI slugs made readable where no stored name exists (stats, egg groups, items, moves,
/// places, game versions and forms are not synced with names): one rendering everywhere a slug
/// is shown, derived from the slug alone, with no table of names (only one of abbreviations).
public enum SlugText {
    /// Words title-cased (`special-attack` → Special Attack), `of`, `the` and `and` lower-case
    /// inside (`tower-of-darkness` → Tower of Darkness), letters and digits split (`water1` →
    /// Water 1), and a word without a vowel read as an abbreviation (`hp` → HP), unless a small
    /// table writes it otherwise (`mt` → Mt, `phd` → Ph.D., `gmax` → Gigantamax). An apostrophe the slug dropped
    /// cannot be known (`kings-rock` → Kings Rock).
    public static func readable(_ slug: String) -> String {
        let words = slug.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).flatMap(splitDigits)
        return words.enumerated().map { index, word in
            if index > 0, lowerCaseInside.contains(word) { return word }
            if let written = abbreviations[word] { return written }
            if word.allSatisfy({ $0.isLetter && $0.isASCII }) && !word.contains(where: vowels.contains) {
                return word.uppercased()
            }
            return word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    private static let lowerCaseInside: Set<String> = ["of", "the", "and"]
    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
    /// Abbreviations as people write them, where capitals alone would be wrong: with a capital
    /// only (`mt-coronet` → Mt Coronet, `mime-jr`), with their dots (`pikachu-phd` → Ph.D.), or
    /// whole where only slugs abbreviate (`charizard-gmax` → Charizard Gigantamax).
    private static let abbreviations: [String: String] = [
        "mt": "Mt", "jr": "Jr", "dr": "Dr", "st": "St", "mr": "Mr", "mrs": "Mrs", "phd": "Ph.D.", "gmax": "Gigantamax",
    ]

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
