import PokedexBrowse
import Testing

@Suite("Input decoding")
struct InputDecoderTests {
    static let cases: [(bytes: [UInt8], events: [InputEvent])] = [
        (Array("a".utf8), [.character("a")]),
        (Array("é".utf8), [.character("é")]),
        (Array("ピ".utf8), [.character("ピ")]),
        ([0x0D], [.enter]),
        ([0x09], [.tab]),
        ([0x7F], [.backspace]),
        ([0x08], [.backspace]),
        ([0x03], [.control("c")]),
        ([0x1A], [.control("z")]),
        (Array("\u{1B}[A".utf8), [.up]),
        (Array("\u{1B}[B".utf8), [.down]),
        (Array("\u{1B}[C".utf8), [.right]),
        (Array("\u{1B}[D".utf8), [.left]),
        (Array("\u{1B}OA".utf8), [.up]),
        (Array("\u{1B}[1;5B".utf8), [.down]),
        (Array("\u{1B}[H".utf8), [.home]),
        (Array("\u{1B}[F".utf8), [.end]),
        (Array("\u{1B}[1~".utf8), [.home]),
        (Array("\u{1B}[4~".utf8), [.end]),
        (Array("\u{1B}[5~".utf8), [.pageUp]),
        (Array("\u{1B}[6~".utf8), [.pageDown]),
        (Array("\u{1B}[3~".utf8), [.delete]),
        (Array("\u{1B}[Z".utf8), [.backTab]),
        (Array("\u{1B}[<64;10;5M".utf8), [.wheel(up: true, column: 9, row: 4)]),
        (Array("\u{1B}[<65;1;1M".utf8), [.wheel(up: false, column: 0, row: 0)]),
        (Array("\u{1B}[<0;3;7M".utf8), [.click(column: 2, row: 6)]),
        (Array("\u{1B}[<0;3;7m".utf8), []),
        (Array("\u{1B}[200~pika\nchu\u{1B}[201~".utf8), [.paste("pika\nchu")]),
        (Array("\u{1B}[99x".utf8), []),
        (Array("j\u{1B}[Bk".utf8), [.character("j"), .down, .character("k")]),
        ([0xFF, 0x61], [.character("a")]),
    ]

    @Test("bytes to events", arguments: cases)
    func decodes(_ example: (bytes: [UInt8], events: [InputEvent])) {
        var decoder = InputDecoder()
        #expect(decoder.decode(example.bytes) == example.events)
        #expect(!decoder.hasPending)
    }

    @Test("a sequence split across reads waits for its end")
    func splitSequence() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending && !decoder.awaitsSequence, "a lone Esc: the key alone, soon")
        #expect(decoder.decode(Array("[".utf8)).isEmpty)
        #expect(decoder.awaitsSequence, "ESC [ begun: the loop waits longer for its end")
        #expect(decoder.decode(Array("6~".utf8)) == [.pageDown])
        #expect(!decoder.awaitsSequence)
        #expect(decoder.decode([0xE3, 0x83]).isEmpty)
        #expect(decoder.decode([0x94]) == [.character("ピ")])
    }

    @Test("what a slow link cuts short: a character and a sequence wait, then drop; a paste ends")
    func cutShort() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0xE3, 0x83]).isEmpty)
        #expect(decoder.awaitsSequence, "a character begun waits as long as a sequence")
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty, "a sequence cut short is dropped, not Esc and text")
        #expect(decoder.decode(Array("\u{1B}[200~ab".utf8)).isEmpty)
        #expect(decoder.hasPending && decoder.awaitsSequence, "a paste waits for its end, not for ever")
        #expect(decoder.decode(Array("c\u{1B}".utf8)).isEmpty)
        #expect(decoder.awaitsSequence, "a paste's end begun")
        #expect(decoder.flush() == [.paste("abc")])
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")], "out of the paste")
    }

    @Test("a lone Esc is the Esc key once no byte follows it")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.decode(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
    }
}
