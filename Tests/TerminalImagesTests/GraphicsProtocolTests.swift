import PNGDecoding
import Testing

@testable import TerminalImages

/// kitty and iTerm2 sequences, parsed: well-formed, only base64 inside, the payload the PNG.
@Suite struct GraphicsProtocolTests {
    struct KittyCommand {
        let keys: [String: String]
        let payload: String
    }

    /// Splits output into `ESC _ G keys ; payload ESC \` commands; nil if anything else is there
    /// besides the final newline.
    static func kittyCommands(_ output: String) -> [KittyCommand]? {
        guard output.hasSuffix("\n") else { return nil }
        var rest = Substring(output.dropLast())
        var commands: [KittyCommand] = []
        while !rest.isEmpty {
            guard rest.hasPrefix("\u{1B}_G"), let end = rest.range(of: "\u{1B}\\") else { return nil }
            let body = rest[rest.index(rest.startIndex, offsetBy: 3)..<end.lowerBound]
            guard let semicolon = body.firstIndex(of: ";") else { return nil }
            let pairs = body[..<semicolon].split(separator: ",").map { $0.split(separator: "=", maxSplits: 1) }
            guard pairs.allSatisfy({ $0.count == 2 }) else { return nil }
            let keys = Dictionary(pairs.map { (String($0[0]), String($0[1])) }) { first, _ in first }
            commands.append(KittyCommand(keys: keys, payload: String(body[body.index(after: semicolon)...])))
            rest = rest[end.upperBound...]
        }
        return commands
    }

    static let base64Alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")

    /// A 100×60 picture stored without compression (≈24 KB: seven chunks) and a 3×2 one (one).
    static let images = [
        TestImages.sprite(width: 100, height: 60, inner: .init(x: 7, y: 3, width: 90, height: 50)),
        TestImages.sprite(width: 3, height: 2, inner: .init(x: 1, y: 0, width: 2, height: 2)),
    ]

    @Test(arguments: images)
    func kittyIsWellFormed(image: RGBAImage) throws {
        let png = TestImages.png(image)
        let output = try TerminalImage.render(png: png, protocol: .kitty, maxColumns: 45)
        let commands = try #require(
            Self.kittyCommands(output), "not a sequence of kitty commands: \(output.prefix(80))")
        let first = try #require(commands.first)
        let bounds = try #require(image.visibleBounds())
        let cells = image.cropped(to: bounds).size(fittingWidth: 45)
        #expect(first.keys["a"] == "T" && first.keys["f"] == "100" && first.keys["q"] == "2")
        #expect(first.keys["x"] == "\(bounds.x)" && first.keys["y"] == "\(bounds.y)")
        #expect(first.keys["w"] == "\(bounds.width)" && first.keys["h"] == "\(bounds.height)")
        #expect(first.keys["c"] == "\(cells.width)" && first.keys["r"] == "\((cells.height + 1) / 2)")
        #expect(commands.dropFirst().allSatisfy { $0.keys.keys.sorted() == ["m"] })
        #expect(commands.dropLast().allSatisfy { $0.keys["m"] == "1" && $0.payload.count == 4096 })
        #expect(commands.last?.keys["m"] == "0")
        #expect(commands.allSatisfy { $0.payload.count <= 4096 && $0.payload.allSatisfy(Self.base64Alphabet.contains) })
        #expect(Base64Decoding.decode(commands.map(\.payload).joined()) == png)
        #expect(commands.count == (Base64.encode(png).count + 4095) / 4096)
    }

    @Test func kittyChunksABigImage() throws {
        let png = TestImages.png(Self.images[0])
        let commands = try #require(
            Self.kittyCommands(try TerminalImage.render(png: png, protocol: .kitty, maxColumns: 80)))
        #expect(commands.count > 5)
        let cells = (commands[0].keys["c"], commands[0].keys["r"])
        #expect(cells == ("80", "22"), "90×50 visible, fitted to 80 columns: 80×44 pixels, 22 rows")
    }

    @Test(arguments: images)
    func iterm2IsWellFormed(image: RGBAImage) throws {
        let png = TestImages.png(image)
        let output = try TerminalImage.render(png: png, protocol: .iterm2, maxColumns: 45)
        let prefix = "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(min(45, image.width));preserveAspectRatio=1:"
        #expect(output.hasPrefix(prefix))
        #expect(output.hasSuffix("\u{07}\n"))
        let payload = output.dropFirst(prefix.count).dropLast(2)
        #expect(payload.allSatisfy(Self.base64Alphabet.contains))
        #expect(Base64Decoding.decode(String(payload)) == png)
    }

    @Test(arguments: images)
    func kittyPlacedByAProgram(image: RGBAImage) throws {
        let png = TestImages.png(image)
        let drawing = try #require(try TerminalImage.cellImage(png: png, protocol: .kitty, maxColumns: 45))
        let rendered = try #require(
            Self.kittyCommands(try TerminalImage.render(png: png, protocol: .kitty, maxColumns: 45)))
        #expect(("\(drawing.columns)", "\(drawing.rows)") == (rendered[0].keys["c"], rendered[0].keys["r"]))
        let sequence = drawing.sequence(id: 25)
        #expect(!sequence.hasSuffix("\n"), "the program moves the cursor itself")
        let commands = try #require(Self.kittyCommands(sequence + "\n"))
        #expect(commands[0].keys["i"] == "25" && commands[0].keys["p"] == "1" && commands[0].keys["C"] == "1")
        #expect(Base64Decoding.decode(commands.map(\.payload).joined()) == png)
        #expect(GraphicsProtocolEncoder.kittyDelete(id: 25) == "\u{1B}_Ga=d,d=I,i=25,q=2\u{1B}\\")
    }

    @Test func iterm2PlacedByAProgramFitsItsBox() throws {
        let png = TestImages.png(Self.images[0])
        let drawing = try #require(try TerminalImage.cellImage(png: png, protocol: .iterm2, maxColumns: 45))
        #expect((drawing.columns, drawing.rows) == (45, 14), "the whole 100×60, not the crop: 45×27 pixels")
        #expect(
            drawing.sequence(id: 25).hasPrefix(
                "\u{1B}]1337;File=inline=1;size=\(png.count);width=45;height=14;preserveAspectRatio=1:"))
        #expect(drawing.sequence(id: 25).hasSuffix("\u{07}"))
        #expect(try TerminalImage.cellImage(png: png, protocol: .truecolor, maxColumns: 45) == nil, "half blocks")
    }

    /// Base64 of every remainder length, against RFC 4648's test vectors.
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func encodesBase64(text: String, expected: String) {
        #expect(String(decoding: Base64.encode(Array(text.utf8)), as: UTF8.self) == expected)
    }

    @Test func encodesEveryByteValue() {
        let bytes = (0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init)
        #expect(Base64Decoding.decode(String(decoding: Base64.encode(bytes), as: UTF8.self)) == bytes)
    }
}

/// A base64 decoder written apart from the encoder, to read payloads back.
enum Base64Decoding {
    static func decode(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var values: [Int] = []
        for character in text where character != "=" {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            values.append(value)
        }
        guard text.count % 4 == 0 else { return nil }
        var bits = 0
        var bitCount = 0
        var out: [UInt8] = []
        for value in values {
            bits = bits << 6 | value
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                out.append(UInt8(bits >> bitCount & 0xFF))
            }
        }
        return out
    }
}
