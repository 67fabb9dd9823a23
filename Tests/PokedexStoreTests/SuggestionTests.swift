import SQLiteDatabase
import TestSupport
import Testing

@testable import LocalDatabase
@testable import PokedexStore

/// "Did you mean" for Pokémon, types and abilities: in the display language (then English),
/// each thing once, names of other languages only when nothing else is near.
@Suite("Suggestions")
struct SuggestionTests {
    let fixture: (directory: TemporaryDirectory, database: Database)

    init() throws {
        fixture = try PokedexEntryFixture.installedDatabase()
    }

    enum Kind: String, CustomTestStringConvertible {
        case pokemon, type, ability
        var testDescription: String { rawValue }
    }

    func suggestions(_ kind: Kind, _ query: String, language: String) throws -> [String] {
        let queries = PokedexEntryQueries(database: fixture.database, language: language)
        switch kind {
        case .pokemon:
            guard case .notFound(let suggestions) = try queries.lookup(query) else { return ["(found)"] }
            return suggestions
        case .type: return try queries.typeSuggestions(for: query)
        case .ability: return try queries.abilitySuggestions(for: query)
        }
    }

    @Test(
        "each thing once, by its display name; another language's name only when nothing else is near",
        arguments: [
            // Static is Statico in Italian and Statik in German: one ability, named once.
            (Kind.ability, "stattic", "en", ["Static"]), (.ability, "stattic", "de", ["Statik"]),
            (.ability, "stattic", "ja", ["せいでんき"]), (.ability, "lightningrod", "fr", ["Paratonnerre"]),
            // Fée (Fairy in French) is not offered beside Fire, unless French is the display language.
            (.type, "fyre", "en", ["Fire"]), (.type, "fyre", "fr", ["Feu", "Fée"]), (.type, "grss", "ja", ["くさ"]),
            // Nothing English is near: German's Feuer is.
            (.type, "Feuerr", "en", ["Feuer"]),
            (.pokemon, "nidoran", "en", ["Nidoran♀", "Nidoran♂"]), (.pokemon, "nidoran", "ja", ["ニドラン♀", "ニドラン♂"]),
            (.pokemon, "charmandr", "fr", ["Salamèche"]), (.pokemon, "Glurack", "en", ["Glurak"]),
            (.pokemon, "ピカチュ", "en", ["ピカチュウ", "ピチュー"]),
            // A form is offered by the slug that finds it.
            (.pokemon, "raichu-alol", "en", ["raichu-alola", "Raichu"]),
        ] as [(Kind, String, String, [String])])
    func inTheFixture(kind: Kind, query: String, language: String, expected: [String]) throws {
        #expect(try suggestions(kind, query, language: language) == expected)
    }

    @Test(
        "nearest first among the display language, English and slugs; a foreign name only as a last resort",
        arguments: [
            // Yadoran is Slowbro in German: near nidoran, but Nidorina and Nidorino are nearer home.
            ("nidoran", ["Nidoran♀", "Nidoran♂", "Nidorina", "Nidorino"]),
            ("yadoran", ["Yadoran"]), ("slowbr", ["Slowbro"]),
        ])
    func ranking(query: String, expected: [String]) {
        var suggestions = NameSuggestions(displayLanguage: "en")
        suggestions.shownNames = [
            "29": "Nidoran♀", "32": "Nidoran♂", "30": "Nidorina", "33": "Nidorino", "80": "Slowbro",
        ]
        for (thing, slug, names) in [
            ("29", "nidoran-f", [("en", "Nidoran♀"), ("de", "Nidoran♀")]),
            ("32", "nidoran-m", [("en", "Nidoran♂")]), ("30", "nidorina", [("en", "Nidorina")]),
            ("33", "nidorino", [("en", "Nidorino")]), ("80", "slowbro", [("en", "Slowbro"), ("de", "Yadoran")]),
        ] {
            suggestions.candidates.append(.init(thing: thing, key: slug, name: slug, language: nil))
            for (language, name) in names {
                suggestions.candidates.append(
                    .init(thing: thing, key: NameFolding.fold(name), name: name, language: language))
            }
        }
        #expect(suggestions.suggestions(for: NameFolding.fold(query)) == expected)
    }
}
