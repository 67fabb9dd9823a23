/// Bytes read from a terminal in raw mode to `InputEvent`s: UTF-8 text, C0 controls, the CSI
/// and SS3 sequences of cursor and editing keys (with or without modifiers), SGR mouse reports
/// and bracketed paste. A sequence split across reads is kept until it is complete; a lone Esc
/// stays pending until `flush`, which the reader calls when no byte followed it in time.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasted: [UInt8]?

    public init() {}

    /// Whether bytes wait for the rest of a sequence (a lone Esc among them), or a paste for its
    /// end: one that never comes must not hold every later key, Ctrl-C included.
    public var hasPending: Bool { !pending.isEmpty || pasted != nil }

    /// Whether a bracketed paste has begun and not ended.
    public var isInPaste: Bool { pasted != nil }

    /// Whether what waits is more than a lone Esc (which the Esc key alone sends): a sequence or
    /// a character begun, or a paste's end, which a slow link may split.
    public var awaitsSequence: Bool { pasted != nil || (!pending.isEmpty && pending != [0x1B]) }

    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending += bytes
        var events: [InputEvent] = []
        while let (event, length) = next(final: false) {
            pending.removeFirst(length)
            if let event { events.append(event) }
        }
        return events
    }

    /// What is pending, taken as complete: a lone Esc is the Esc key, a sequence cut short is
    /// dropped, and a paste whose end never came is the text it holds.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        while let (event, length) = next(final: true) {
            pending.removeFirst(length)
            if let event { events.append(event) }
        }
        if let text = pasted {
            // What is pending begins the end marker, which never finished.
            events.append(.paste(String(decoding: text, as: UTF8.self)))
            pasted = nil
        }
        pending.removeAll()
        return events
    }

    /// The first event of `pending` and the bytes it took; nil when more bytes are needed.
    /// A nil event: bytes taken without one (an unknown sequence, a paste's text).
    private mutating func next(final: Bool) -> (InputEvent?, Int)? {
        guard let first = pending.first else { return nil }
        if pasted != nil { return pasteByte() }
        switch first {
        case 0x1B: return escape(final: final)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00: return (.control(" "), 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x1C...0x1F: return (nil, 1)
        default: return text(final: final)
        }
    }

    /// One UTF-8 character; a malformed byte is skipped.
    private func text(final: Bool) -> (InputEvent?, Int)? {
        let first = pending[0]
        let length =
            first < 0x80 ? 1 : first >= 0xF8 ? 0 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 0
        guard length > 0 else { return (nil, 1) }
        guard pending.count >= length else { return final ? (nil, pending.count) : nil }
        let bytes = pending[0..<length]
        guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
            let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first
        else { return (nil, 1) }
        return (.character(Character(scalar)), length)
    }

    private mutating func escape(final: Bool) -> (InputEvent?, Int)? {
        guard pending.count >= 2 else { return final ? (.escape, 1) : nil }
        switch pending[1] {
        case UInt8(ascii: "["): return controlSequence(final: final)
        case UInt8(ascii: "O"):
            guard pending.count >= 3 else { return final ? (.escape, 1) : nil }
            return (Self.finalKeys[pending[2]], 3)
        default:
            // Esc then a key: Alt with the key, taken as Esc followed by it.
            return (.escape, 1)
        }
    }

    /// `ESC [ parameters intermediates final`.
    private mutating func controlSequence(final: Bool) -> (InputEvent?, Int)? {
        var end = 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return final ? (nil, pending.count) : nil }
        let length = end + 1
        let parameters = String(decoding: pending[2..<end], as: UTF8.self)
        let finalByte = pending[end]
        if parameters.hasPrefix("<") {
            return (Self.mouse(parameters.dropFirst(), pressed: finalByte == UInt8(ascii: "M")), length)
        }
        let numbers = parameters.split(separator: ";").map { Int($0) }
        if finalByte == UInt8(ascii: "~") {
            switch numbers.first ?? nil {
            case 1, 7: return (.home, length)
            case 4, 8: return (.end, length)
            case 3: return (.delete, length)
            case 5: return (.pageUp, length)
            case 6: return (.pageDown, length)
            case 200:
                pasted = []
                return (nil, length)
            default: return (nil, length)
            }
        }
        if finalByte == UInt8(ascii: "Z") { return (.backTab, length) }
        return (Self.finalKeys[finalByte], length)
    }

    /// Inside a bracketed paste: bytes up to `ESC [ 201 ~`, then the text at once.
    private mutating func pasteByte() -> (InputEvent?, Int)? {
        let end: [UInt8] = Array("\u{1B}[201~".utf8)
        if pending.starts(with: end) {
            let text = String(decoding: pasted ?? [], as: UTF8.self)
            pasted = nil
            return (.paste(text), end.count)
        }
        if end.starts(with: pending) { return nil }
        pasted?.append(pending[0])
        return (nil, 1)
    }

    /// `b;x;y` of an SGR mouse report (x and y from 1): the wheel (64 up, 65 down) and left
    /// presses; other buttons, releases and motion are taken without an event.
    private static func mouse(_ parameters: Substring, pressed: Bool) -> InputEvent? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, pressed else { return nil }
        let (button, column, row) = (numbers[0], numbers[1] - 1, numbers[2] - 1)
        // Modifier bits (shift 4, meta 8, ctrl 16) do not change what the wheel does.
        switch button & ~0b11100 {
        case 64: return .wheel(up: true, column: column, row: row)
        case 65: return .wheel(up: false, column: column, row: row)
        case 0: return .click(column: column, row: row)
        default: return nil
        }
    }

    /// The final bytes of CSI and SS3 sequences that name a key alone.
    private static let finalKeys: [UInt8: InputEvent] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    ]
}
