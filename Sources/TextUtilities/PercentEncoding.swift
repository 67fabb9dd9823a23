/// RFC 3986 percent-encoding over UTF-8 bytes: what a URL path segment built from a name
/// needs (a GitHub login), and the forms a redactor must recognise a credential in.
public enum PercentEncoding {
    public enum HexCase: Sendable {
        case upper
        case lower

        var digits: [UInt8] { Array((self == .upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8) }
    }

    /// Every byte but the unreserved ones (ASCII letters and digits, `-._~`) as `%XX`.
    public static func encoded(_ text: String, hex: HexCase = .upper) -> String {
        let digits = hex.digits
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each `%XX` as the byte it stands for; anything else, a stray `%` included, as it is.
    public static func decoded(_ text: String) -> String {
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
                let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each `%XX` as its byte, and `+` as a space where `plusIsSpace` (a form's names and
    /// values), strictly, as a server's router needs: a malformed escape, an encoded NUL or
    /// bytes that are not UTF-8 make the text undecodable (nil) rather than something else.
    public static func strictlyDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            switch source[index] {
            case UInt8(ascii: "%"):
                guard index + 2 < source.count, let high = hexValue(source[index + 1]),
                    let low = hexValue(source[index + 2]), high | low != 0
                else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
                index += 1
            case let byte:
                bytes.append(byte)
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
