import SQLiteDatabase
import TextUtilities

/// Finding a form by its names in `form_names` (`pokemon_form_label`), which PokeAPI gives in
/// every language where a form's full names (`names`) are mostly in English, French and German
/// alone: as entries head it, "SPECIES (FORM)" (`ライチュウ (アローラのすがた)`, `Raichu (Forma de
/// Alola)`), or by a form's own name where that names one Pokémon (`メガリザードンＸ`).
extension PokedexEntryQueries {
    /// The Pokémon `text` (trimmed, width and kana normalized) names so, else nil.
    func pokemonID(formLabel text: String) throws -> Int? {
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            let species = NameFolding.fold(String(text[..<open]))
            let label = NameFolding.fold(String(text[text.index(after: open)...].dropLast()))
            if !species.isEmpty, !label.isEmpty {
                for match in try speciesNames(folded: species) {
                    if let id = try labelled(label, speciesName: match.speciesName).first { return id }
                }
            }
        }
        // Alone, a form's name names a form, not a species' default Pokémon: "Normal Form" is
        // Terapagos', and near Deoxys' "Normal Forme".
        let alone = try labelled(NameFolding.fold(text), speciesName: nil, formsOnly: true)
        return alone.count == 1 ? alone[0] : nil
    }

    /// The Pokémon with a form whose label folds to `folded`, of the species `speciesName`
    /// when given (`formsOnly`: not the default form of a species' default Pokémon): its default
    /// form first, then by id. The labels are folded here (SQL cannot): a few thousand when no
    /// species narrows them, for a name nothing else matched.
    private func labelled(_ folded: String, speciesName: String?, formsOnly: Bool = false) throws -> [Int] {
        let rows = try database.query(
            """
            SELECT p.id, l.name FROM pokemon_form_label AS l
            JOIN pokemon_form AS f ON f.id = l.form_id JOIN pokemon AS p ON p.name = f.pokemon
            WHERE l.name <> '' AND (?1 IS NULL OR p.species_name = ?1)
              AND NOT (?2 AND coalesce(f.is_default, 0) AND EXISTS (
                  SELECT 1 FROM pokemon_species_variety AS v WHERE v.pokemon_name = p.name AND v.is_default))
            ORDER BY f.is_default DESC, p.id
            """, [.string(speciesName), .bool(formsOnly)]
        ) { (id: $0.int(0), name: $0.text(1)) }
        var ids: [Int] = []
        for row in rows where !ids.contains(row.id) && NameFolding.fold(row.name) == folded { ids.append(row.id) }
        return ids
    }
}
