/// The main-series type chart (generation 6 on, as PokeAPI's `/type/{id}` bodies give it), typed
/// in from the chart, not read from `../shared`, so tests that need whole type bodies always run.
public enum TypeChartFixture {
    /// The 18 types in PokeAPI's id order (normal is 1, fairy 18).
    public static let names = [
        "normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel", "fire", "water",
        "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy",
    ]

    /// Attacking type → what its moves do 2×, ½× and 0× to.
    public static let attacking: [String: (double: [String], half: [String], none: [String])] = [
        "normal": ([], ["rock", "steel"], ["ghost"]),
        "fighting": (
            ["normal", "rock", "steel", "ice", "dark"], ["flying", "poison", "bug", "psychic", "fairy"], ["ghost"]
        ),
        "flying": (["fighting", "bug", "grass"], ["rock", "steel", "electric"], []),
        "poison": (["grass", "fairy"], ["poison", "ground", "rock", "ghost"], ["steel"]),
        "ground": (["poison", "rock", "steel", "fire", "electric"], ["bug", "grass"], ["flying"]),
        "rock": (["flying", "bug", "fire", "ice"], ["fighting", "ground", "steel"], []),
        "bug": (
            ["grass", "psychic", "dark"], ["fighting", "flying", "poison", "ghost", "steel", "fire", "fairy"], []
        ),
        "ghost": (["ghost", "psychic"], ["dark"], ["normal"]),
        "steel": (["rock", "ice", "fairy"], ["steel", "fire", "water", "electric"], []),
        "fire": (["bug", "steel", "grass", "ice"], ["rock", "fire", "water", "dragon"], []),
        "water": (["ground", "rock", "fire"], ["water", "grass", "dragon"], []),
        "grass": (["ground", "rock", "water"], ["flying", "poison", "bug", "steel", "fire", "grass", "dragon"], []),
        "electric": (["flying", "water"], ["grass", "electric", "dragon"], ["ground"]),
        "psychic": (["fighting", "poison"], ["steel", "psychic"], ["dark"]),
        "ice": (["flying", "ground", "grass", "dragon"], ["steel", "fire", "water", "ice"], []),
        "dragon": (["dragon"], ["steel"], ["fairy"]),
        "dark": (["ghost", "psychic"], ["fighting", "dark", "fairy"], []),
        "fairy": (["fighting", "dragon", "dark"], ["poison", "steel", "fire"], []),
    ]

    public static func id(of type: String) -> Int { (names.firstIndex(of: type) ?? 0) + 1 }

    /// What a move of `attacking` does to a Pokémon of the one type `defending`: 2, 0.5, 0 or 1.
    public static func multiplier(_ attacking: String, _ defending: String) -> Double {
        guard let lists = Self.attacking[attacking] else { return 1 }
        if lists.double.contains(defending) { return 2 }
        if lists.half.contains(defending) { return 0.5 }
        return lists.none.contains(defending) ? 0 : 1
    }

    /// The `/type/{id}` body of `type` (`id`, `name`, English `names`, all six `damage_relations`
    /// lists, the `_from` ones inverted from the chart), its URLs under `origin` (`…/api/v2`).
    public static func body(of type: String, origin: String) -> String {
        func list(_ types: [String]) -> String {
            "[" + types.map { #"{"name":"\#($0)","url":"\#(origin)/type/\#(id(of: $0))/"}"# }.joined(separator: ",")
                + "]"
        }
        func from(_ value: Double) -> [String] { names.filter { multiplier($0, type) == value } }
        let to = attacking[type] ?? ([], [], [])
        let title = type.prefix(1).uppercased() + type.dropFirst()
        return """
            {"damage_relations":{"double_damage_from":\(list(from(2))),"double_damage_to":\(list(to.double)),\
            "half_damage_from":\(list(from(0.5))),"half_damage_to":\(list(to.half)),\
            "no_damage_from":\(list(from(0))),"no_damage_to":\(list(to.none))},\
            "generation":{"name":"generation-i","url":"\(origin)/generation/1/"},"id":\(id(of: type)),\
            "move_damage_class":null,"moves":[],"name":"\(type)",\
            "names":[{"language":{"name":"en","url":"\(origin)/language/9/"},"name":"\(title)"}],"pokemon":[]}
            """
    }
}
