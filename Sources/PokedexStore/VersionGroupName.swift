/// A version group's name as players say it, made from its versions' names: PokeAPI names
/// versions, not groups.
enum VersionGroupName {
    /// The names joined by "/" (`Scarlet/Violet`); versions of one expansion share the part
    /// after their colon, said once (`Sword/Shield: The Isle of Armor`, not `Sword: The Isle of
    /// Armor/Shield: The Isle of Armor`).
    static func joined(_ versionNames: [String]) -> String {
        let parts = versionNames.map { name in
            name.firstRange(of: ": ").map { (game: name[..<$0.lowerBound], expansion: name[$0.upperBound...]) }
        }
        guard versionNames.count > 1, let first = parts.first ?? nil, !first.expansion.isEmpty,
            parts.allSatisfy({ $0?.expansion == first.expansion && $0?.game.isEmpty == false })
        else { return versionNames.joined(separator: "/") }
        return parts.compactMap { $0?.game }.joined(separator: "/") + ": " + first.expansion
    }
}
