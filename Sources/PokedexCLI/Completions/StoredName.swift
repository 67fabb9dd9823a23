/// The kinds of names `pokedex __complete KIND PREFIX` prints: from the local database, but for
/// PokeAPI's kinds, which pokedex declares.
public enum StoredName: String, CaseIterable, Sendable {
    /// Slugs: `pikachu`.
    case pokemon
    case type
    case ability
    case move
    case item
    case location
    /// Version groups: `scarlet-violet`.
    case game
    /// PokeAPI's codes of the languages names are stored in: `en`, `zh-hant`.
    case language
    /// `OWNER/REPO`.
    case repository
    /// `OWNER/REPO#`: what `issue OWNER/REPO#NUMBER` starts with, left open for the number.
    case issue
    /// `--resources`' list of PokeAPI kinds (`move,item`): the prefix's kinds, then each other.
    case kinds
}
