import JSONOutput
import PNGDecoding
import PokedexStore
import TerminalImages
import TextUtilities

/// Text that is safe to write to a terminal: what `Console` takes, so that nothing reaches
/// stdout or stderr without passing through here.
///
/// Only three things make one: a string literal (written by us, so its escape sequences are
/// meant, like the red "Error:"), text sanitized by `TerminalText` (control characters shown,
/// not interpreted), and rendered JSON (whose escaper leaves no control character raw). In a
/// literal, every interpolated value is sanitized unless it is already `DisplayText`, so
/// `"no Pokémon named '\(query)'"` is safe whatever `query` holds.
public struct DisplayText: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// What is written, escapes of literals included.
    public private(set) var text: String

    /// `StaticString`, not `String`, so that only a literal in the source can make one.
    public init(stringLiteral literal: StaticString) {
        text = literal.description
    }

    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
    }

    /// `text` with its control characters made visible (see `TerminalText.sanitize`).
    public init(sanitizing text: String, keepingLineBreaks: Bool = false) {
        self.text = TerminalText.sanitize(text, keepingLineBreaks: keepingLineBreaks)
    }

    /// Rendered JSON, exact: the escaper leaves no control character (C0, DEL, C1) unescaped.
    public init(json: JSONValue) {
        text = json.rendered()
    }

    /// The terminal output that draws `png`, as TerminalImages encodes it from the decoded image
    /// (half blocks from its pixels; kitty and iTerm2 get the PNG itself, in base64): the one way
    /// a stored image reaches the terminal, and no byte of it is written raw. Without its final
    /// line break; empty when nothing is visible.
    init(drawing png: [UInt8], with imageProtocol: ImageProtocol, maxColumns: Int) throws(PNGDecodeError) {
        let rendered = try TerminalImage.render(png: png, protocol: imageProtocol, maxColumns: maxColumns)
        text = rendered.hasSuffix("\n") ? String(rendered.dropLast()) : rendered
    }

    private init(verbatim text: String) {
        self.text = text
    }

    public var description: String { text }

    public static func + (left: DisplayText, right: DisplayText) -> DisplayText {
        DisplayText(verbatim: left.text + right.text)
    }

    public static func += (left: inout DisplayText, right: DisplayText) {
        left.text += right.text
    }

    /// The same text with every credential `redactor` knows replaced. Replacing printable
    /// text with a printable placeholder keeps it safe.
    public func redacted(by redactor: SecretRedactor) -> DisplayText {
        DisplayText(verbatim: redactor.redact(text))
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            text += literal.description
        }

        /// Already safe: appended as it is.
        public mutating func appendInterpolation(_ value: DisplayText) {
            text += value.text
        }

        /// Anything else is untrusted: sanitized. Only what describes itself: an optional, which
        /// would print as `Optional(…)`, does not compile.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += TerminalText.sanitize(value.description)
        }
    }
}

extension Sequence<DisplayText> {
    public func joined(separator: DisplayText = "") -> DisplayText {
        var result: DisplayText = ""
        for (index, element) in enumerated() {
            if index > 0 { result += separator }
            result += element
        }
        return result
    }
}
