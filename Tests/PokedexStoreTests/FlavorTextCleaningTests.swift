import Foundation
import PokedexStore
import TestSupport
import Testing

/// Flavor texts joined as their scripts join words; the examples are real PokeAPI texts (species
/// 1, 6, 7, 9, 15, 25, 133, 145, 265) as their bodies give them.
@Suite("Flavor text cleaning")
struct FlavorTextCleaningTests {
    @Test(
        "line breaks, pages, soft hyphens and spaces joined per script",
        arguments: [
            // English: a space, a soft-hyphenated word joined, a page break.
            (
                "A strange seed was\nplanted on its\nback at birth.\u{0C}The plant sprouts",
                "A strange seed was planted on its back at birth. The plant sprouts"
            ),
            ("Exposure to sun\u{AD}\nlight adds to", "Exposure to sunlight adds to"),
            ("melt almost any\u{AD}\u{0C}thing. Its", "melt almost anything. Its"),
            ("  two\n\n spaces\u{AD}here ", "two spaces here"),
            // A hyphen or dash ending a line joins without a space; one after a space is a dash.
            ("it may blow out bluish-\nwhite flames.", "it may blow out bluish-white flames."),
            ("used for high-\nspeed tackles.", "used for high-speed tackles."),
            ("This is its pre-\nevolved form.", "This is its pre-evolved form."),
            ("discharges up to 100,000 volts—\na single shock", "discharges up to 100,000 volts—a single shock"),
            ("approach its nest -\nthis is for their own safety.", "approach its nest - this is for their own safety."),
            ("Feuer- und Wasser", "Feuer- und Wasser"),
            // Chinese: a line break between two characters joins with nothing.
            ("皮卡丘們把尾巴\n貼在一起交換電流，\n其實是在互相打招呼。", "皮卡丘們把尾巴貼在一起交換電流，其實是在互相打招呼。"),
            ("皮卡丘们把尾巴\n贴在一起交换电流，\n其实是在互相打招呼。", "皮卡丘们把尾巴贴在一起交换电流，其实是在互相打招呼。"),
            ("能用翅膀飛到距離地面\n１４００公尺的高度。\n會吐出高溫的火焰。", "能用翅膀飛到距離地面１４００公尺的高度。會吐出高溫的火焰。"),
            // Japanese separates its phrases with ideographic spaces: a line break is one too.
            (
                "おたがいの\u{3000}しっぽを\u{3000}くっつけて\n電気を\u{3000}流しあうのが\nピカチュウ\u{3000}同士の\u{3000}挨拶だ。",
                "おたがいの　しっぽを　くっつけて　電気を　流しあうのが　ピカチュウ　同士の　挨拶だ。"
            ),
            ("もりに\u{3000}すむ\u{3000}ポケモン。\u{3000}ほっぺの\nふくろは", "もりに　すむ　ポケモン。　ほっぺの　ふくろは"),
            ("ときどき\u{3000}\nかみなりが", "ときどき　かみなりが"),
            // Every separator, and scalars of every UTF-8 length beside one (the cleaning reads bytes).
            ("line\u{2028}separator\u{2029}para", "line separator para"), ("crlf\r\nbreak", "crlf break"),
            ("tab\tand\u{0B}vtab", "tab and vtab"), ("😀\n😀", "😀 😀"), ("電\n😀", "電😀"), ("é\u{AD}\nè", "éè"),
            ("\n\u{3000}leading", "leading"), ("trailing\n\u{AD}", "trailing"), ("１\n２", "１２"), ("ア\u{0C}イ", "アイ"),
            ("a -\u{0C}b", "a - b"), ("x\u{2013}\ny", "x\u{2013}y"),
            // Korean spaces its words: a line break is a space.
            ("서로의 꼬리를 붙여서\n전기를 흐르게 하는 게\n피카츄 사이의 인사법이다.", "서로의 꼬리를 붙여서 전기를 흐르게 하는 게 피카츄 사이의 인사법이다."),
        ])
    func cleans(raw: String, cleaned: String) {
        #expect(FlavorTextCleaning.clean(raw) == cleaned)
    }

    /// Every real text: no line break, page or soft hyphen left; a Chinese or Japanese text
    /// gains no ASCII space, and "-" followed by a space only where the body had one.
    @Test(
        "every real flavor text cleans without adding spaces",
        .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
    func realTexts() throws {
        var texts = 0
        try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/pokemon-species.jsonl.gz") { line in
            let record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            let body = Data(try #require(record["body"] as? String).utf8)
            let species = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            for entry in try #require(species["flavor_text_entries"] as? [[String: Any]]) {
                let raw = try #require(entry["flavor_text"] as? String)
                let language = try #require((entry["language"] as? [String: Any])?["name"] as? String)
                let cleaned = FlavorTextCleaning.clean(raw)
                texts += 1
                #expect(!cleaned.unicodeScalars.contains { "\n\r\u{0C}\u{AD}".unicodeScalars.contains($0) })
                if ["ja", "ja-hrkt", "zh-hans", "zh-hant"].contains(language) {
                    #expect(Self.count(" ", in: cleaned) <= Self.count(" ", in: raw), "\(raw)")
                }
                #expect(
                    Self.count("- ", in: cleaned) <= Self.count("- ", in: raw) + Self.count(" -\n", in: raw)
                        + Self.count(" -\u{0C}", in: raw), "\(raw)")
            }
        }
        #expect(texts > 60_000)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
