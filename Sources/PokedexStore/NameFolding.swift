/// Folds a name as people may type it in any language, so that it compares equal to the
/// stored one: Latin text exactly as `PokemonName.slug` folds it (case, accents, punctuation,
/// ♀/♂), other scripts kept, lower-cased where they have case, plus Unicode width (full-width
/// Latin U+FF01–FF5E becomes ASCII, half-width katakana full-width) and kana (hiragana becomes
/// katakana: `ぴかちゅう` finds ピカチュウ). Without Foundation: the tables are written here.
public enum NameFolding {
    public static func fold(_ text: String) -> String {
        PokemonName.slug(normalizedWidthAndKana(text), keepingOtherScripts: true)
    }

    /// A folded name without its word separators: `mr-mime` → `mrmime`, so that a name typed
    /// as one word (`hooh`, `typenull`) still compares equal.
    public static func compacted(_ folded: String) -> String {
        folded.filter { $0 != "-" }
    }

    /// Full-width ASCII (and the ideographic space) to ASCII, half-width katakana (with its
    /// voicing marks) to full-width, hiragana to katakana. Everything else is kept.
    public static func normalizedWidthAndKana(_ text: String) -> String {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0xFF01...0xFF5E:
                scalars.append(Unicode.Scalar(value - 0xFEE0)!)
            case 0x3000:
                scalars.append(" ")
            case 0xFF9E, 0xFF9F:  // half-width (semi-)voiced sound marks: combine with the kana before
                let mark = value == 0xFF9E ? 1 : 2
                if let last = scalars.last, let voiced = voiced(last, mark: UInt32(mark)) {
                    scalars[scalars.count - 1] = voiced
                } else {
                    scalars.append(Unicode.Scalar(value == 0xFF9E ? 0x309B : 0x309C)!)
                }
            case 0xFF61...0xFF9D:
                let full = halfWidthKatakana[Int(value - 0xFF61)]
                scalars.append(Unicode.Scalar(full)!)
            case 0x3099, 0x309A:  // combining voicing marks: composed where a precomposed kana exists
                if let last = scalars.last, let voiced = voiced(last, mark: value - 0x3098) {
                    scalars[scalars.count - 1] = voiced
                } else {
                    scalars.append(scalar)
                }
            case 0x3041...0x3096, 0x309D, 0x309E:
                scalars.append(Unicode.Scalar(value + 0x60)!)
            default:
                scalars.append(scalar)
            }
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// U+FF61…U+FF9D in order: punctuation, then the katakana of the half-width block.
    private static let halfWidthKatakana: [UInt32] = [
        0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2,  // 。「」、・ヲ
        0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3,  // ァィゥェォャュョッ
        0x30FC,  // ー
        0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA,  // アイウエオ
        0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3,  // カキクケコ
        0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD,  // サシスセソ
        0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8,  // タチツテト
        0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE,  // ナニヌネノ
        0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB,  // ハヒフヘホ
        0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2,  // マミムメモ
        0x30E4, 0x30E6, 0x30E8,  // ヤユヨ
        0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED,  // ラリルレロ
        0x30EF, 0x30F3,  // ワン
    ]

    /// The kana with a voiced (mark 1) or semi-voiced (mark 2) sound mark, when one exists.
    private static func voiced(_ scalar: Unicode.Scalar, mark: UInt32) -> Unicode.Scalar? {
        let value = scalar.value
        // カ…ヂ take the voiced mark at +1, ツテト too; ハ…ホ the voiced at +1, the semi-voiced at +2.
        let base = value
        let isKatakana = (0x30A1...0x30FA).contains(base)
        let isHiragana = (0x3041...0x3096).contains(base)
        guard isKatakana || isHiragana else { return nil }
        let offset: UInt32 = isKatakana ? 0 : 0x60
        let katakana = base + offset
        if mark == 1 {
            if katakana == 0x30A6 { return Unicode.Scalar(0x30F4 - offset) }  // ヴ
            if (0x30AB...0x30C2).contains(katakana) && (katakana - 0x30AB) % 2 == 0 {
                return Unicode.Scalar(base + 1)
            }
            if [0x30C4, 0x30C6, 0x30C8].contains(katakana) { return Unicode.Scalar(base + 1) }
            if (0x30CF...0x30DD).contains(katakana) && (katakana - 0x30CF) % 3 == 0 { return Unicode.Scalar(base + 1) }
            if (0x30EF...0x30F2).contains(katakana) && isKatakana { return Unicode.Scalar(katakana + 8) }  // ヷ…ヺ
            return nil
        }
        if (0x30CF...0x30DD).contains(katakana) && (katakana - 0x30CF) % 3 == 0 { return Unicode.Scalar(base + 2) }
        return nil
    }
}
