/// A version group's name as players say it, made from its versions' names: PokeAPI names
/// versions, not groups.
public enum VersionGroupName {
    /// The names joined by "/" (`Scarlet/Violet`); versions of one expansion share the part
    /// after their colon, said once (`Sword/Shield: The Isle of Armor`, not `Sword: The Isle of
    /// Armor/Shield: The Isle of Armor`).
    static func joined(_ versionNames: [String]) -> String {
        let split = versionNames.compactMap(Self.gameAndExpansion)
        guard versionNames.count > 1, split.count == versionNames.count, let first = split.first,
            split.allSatisfy({ $0.expansion == first.expansion })
        else { return versionNames.joined(separator: "/") }
        return split.map(\.game).joined(separator: "/") + first.separator + first.expansion
    }

    /// "Sword: The Isle of Armor" as its game, the colon with its spaces (French sets one,
    /// often a no-break one, before it too), and its expansion; nil without a colon or with
    /// nothing on a side of it.
    public static func gameAndExpansion(
        _ name: String
    ) -> (game: Substring, separator: Substring, expansion: Substring)? {
        guard let colon = name.firstIndex(of: ":"),
            let gameEnd = name[..<colon].lastIndex(where: { !$0.isWhitespace }).map({ name.index(after: $0) })
        else { return nil }
        let expansion = name[name.index(after: colon)...].drop(while: \.isWhitespace)
        guard !expansion.isEmpty else { return nil }
        return (name[..<gameEnd], name[gameEnd..<expansion.startIndex], expansion)
    }
}
