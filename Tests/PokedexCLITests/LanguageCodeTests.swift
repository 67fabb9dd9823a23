import Testing

@testable import PokedexCLI

/// `--lang` and `POKEDEX_LANG` as PokeAPI spells codes, a locale name (`$LANG`'s) too.
@Suite("Language codes")
struct LanguageCodeTests {
    @Test(
        "a locale name is a code, and a code the codes it may mean, best first",
        arguments: [
            ("ja", ["ja"]), ("zh-Hant", ["zh-hant", "zh"]), ("ja_JP.UTF-8", ["ja-jp", "ja"]),
            ("zh_TW", ["zh-tw", "zh-hant", "zh"]), ("zh_HK.Big5", ["zh-hk", "zh-hant", "zh"]),
            ("zh-CN", ["zh-cn", "zh-hans", "zh"]), ("zh", ["zh", "zh-hans"]),
            ("zh-Hans-SG", ["zh-hans-sg", "zh-hans", "zh"]), ("es_MX", ["es-mx", "es-419", "es"]),
            ("es_ES", ["es-es", "es"]), ("de_AT@euro", ["de-at", "de"]), ("C.UTF-8", ["en"]),
            ("ja-Hrkt-JP", ["ja-hrkt-jp", "ja-hrkt", "ja"]),
            ("POSIX", ["en"]),
        ])
    func candidates(given: String, expected: [String]) {
        #expect(LanguageOption.candidates(LanguageOption.normalized(given)) == expected)
    }

    @Test(
        "--lang takes a locale name as its code; other text is a usage error",
        arguments: [
            ("ja_JP.UTF-8", "ja-jp"), ("zh_TW", "zh-tw"), ("FR", "fr"), ("C", "en"), ("ja JP", nil), ("日本語", nil),
            ("_", nil),
        ] as [(String, String?)])
    func parsed(given: String, code: String?) throws {
        let parsed = try? ArgumentParser.parse(["show", "25", "--lang", given])
        guard case .show(let show)? = parsed?.command else {
            #expect(code == nil, "'\(given)' refused")
            return
        }
        #expect(show.language == code)
    }
}
