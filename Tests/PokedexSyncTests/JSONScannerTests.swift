import Foundation
import Testing

@testable import PokedexSync

/// The generic scanner on its own, apart from any PokeAPI shape built on it.
@Suite("JSON scanner")
struct JSONScannerTests {
    static func scan<Value>(
        _ text: String, _ parse: (inout JSONScanner) throws(JSONScanFailure) -> Value
    ) throws(JSONScanFailure) -> Value {
        try JSONScanner.scan(Data(text.utf8), parse)
    }

    /// What each refusal test reads the text as.
    enum Read: Sendable, CustomTestStringConvertible {
        case string, int, bool, null, object, array
        var testDescription: String { "\(self)" }
    }

    /// The reason `json` is refused when read as `read`, or nil when it is accepted.
    static func refusal(_ json: String, as read: Read) -> String? {
        do {
            switch read {
            case .string: _ = try scan(json) { s throws(JSONScanFailure) in try s.string() }
            case .int: _ = try scan(json) { s throws(JSONScanFailure) in try s.int() }
            case .bool: _ = try scan(json) { s throws(JSONScanFailure) in try s.bool() }
            case .null: _ = try scan(json) { s throws(JSONScanFailure) in try s.consumeNull() }
            case .object: _ = try keys(json)
            case .array: _ = try JSONArrayElements.ranges(in: Data(json.utf8))
            }
            return nil
        } catch {
            return error.description
        }
    }

    @Test(
        "strings are unescaped, surrogate pairs joined, raw UTF-8 kept",
        arguments: [
            (#""plain""#, "plain"), ("\"\"", ""), (#" "padded" "#, "padded"),
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
            (#""caf\u00e9 \u00E9""#, "café é"), (#""\u0000""#, "\u{0}"), (#""\u2028""#, "\u{2028}"),
            (#""\ud83d\ude00""#, "😀"), (#""a\uD83D\uDE00b""#, "a😀b"), (#""\udbff\udfff""#, "\u{10FFFF}"),
            (#""raw é ♀ 日本 🔥""#, "raw é ♀ 日本 🔥"),
            (#""\u007f\u0080\u07FF\u0800\u65e5\uFFFF""#, "\u{7F}\u{80}\u{7FF}\u{800}日\u{FFFF}"),
        ])
    func strings(json: String, expected: String) throws {
        #expect(try Self.scan(json) { s throws(JSONScanFailure) in try s.string() } == expected)
    }

    /// `skipString` reads eight bytes at a time up to the first that needs a look: each kind
    /// of such byte, at every offset in a word and across words, read wanted and skipped.
    @Test(
        "strings read alike wherever a quote, escape, control, UTF-8 or invalid byte falls in a word",
        arguments: [
            [], [0x5C, 0x6E], [0x5C, 0x22], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x01], [0x7F], [0xC3, 0xA9],
            [0xF0, 0x9F, 0x98, 0x80], [0xE6, 0x97, 0xA5], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80],
        ] as [[UInt8]])
    func specialByteAnywhereInAWord(piece: [UInt8]) throws {
        for before in 0..<20 {
            for after in [0, 3, 9] {
                let content =
                    Array(repeating: UInt8(ascii: "a"), count: before) + piece
                    + Array(repeating: UInt8(ascii: "b"), count: after)
                let string = [0x22] + content + [0x22]
                let expected =
                    try? JSONSerialization.jsonObject(with: Data(string), options: .fragmentsAllowed) as? String
                let wanted = try? JSONScanner.scan(Data(string)) { s throws(JSONScanFailure) in try s.string() }
                #expect(wanted == expected, "\(string)")
                let skipped = try? JSONArrayElements.ranges(in: Data([0x5B] + string + Array(",1]".utf8)))
                #expect((skipped != nil) == (expected != nil), "\(string)")
            }
        }
    }

    @Test(
        "invalid UTF-8 is refused, in a wanted string and in a skipped one, as JSONSerialization does",
        arguments: [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) throws {
        let string = Data([0x22, 0x61] + sequence + [0x62, 0x22])
        #expect(throws: JSONScanFailure.self) {
            try JSONScanner.scan(string) { s throws(JSONScanFailure) in try s.string() }
        }
        #expect(throws: JSONScanFailure.self) { try JSONArrayElements.ranges(in: Data([0x5B]) + string + Data([0x5D])) }
    }

    @Test(
        "integers in the whole Int range",
        arguments: [
            ("0", 0), ("-0", 0), ("7", 7), ("-42", -42), (" 1351 ", 1351),
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
        ])
    func integers(json: String, expected: Int) throws {
        #expect(try Self.scan(json) { s throws(JSONScanFailure) in try s.int() } == expected)
    }

    @Test("booleans", arguments: [("true", true), ("false", false), (" true ", true)])
    func booleans(json: String, expected: Bool) throws {
        #expect(try Self.scan(json) { s throws(JSONScanFailure) in try s.bool() } == expected)
    }

    @Test("optional strings and integers read null as nil")
    func nulls() throws {
        #expect(try Self.scan("null") { s throws(JSONScanFailure) in try s.optionalString() } == nil)
        #expect(try Self.scan(#""x""#) { s throws(JSONScanFailure) in try s.optionalString() } == "x")
        #expect(try Self.scan(" null ") { s throws(JSONScanFailure) in try s.optionalInt() } == nil)
        #expect(try Self.scan("7") { s throws(JSONScanFailure) in try s.optionalInt() } == 7)
    }

    /// Each key of an object, by length (or "escaped"), its value skipped whatever it holds.
    static func keys(_ json: String) throws(JSONScanFailure) -> [String] {
        try scan(json) { s throws(JSONScanFailure) in
            try s.beginObject()
            var keys: [String] = []
            var first = true
            while let key = try s.nextKey(&first) {
                keys.append(key.escaped ? "escaped" : "\(key.count)")
                try s.skipValue()
            }
            return keys
        }
    }

    /// Pretty-printed bodies (a static PokeAPI dump serves its files indented): runs of every
    /// length, with line breaks and tabs, between every two tokens and at both ends.
    @Test("whitespace of any length between tokens reads as none", arguments: 0..<20)
    func whitespaceRuns(spaces: Int) throws {
        let tokens = [
            "{", #""a""#, ":", "[", "1", ",", "{", #""b""#, ":", #""x y""#, "}", "]", ",", #""c""#, ":", "-2", "}",
        ]
        for run in [String(repeating: " ", count: spaces), "\n" + String(repeating: " ", count: spaces) + "\t", "\r\n"]
        {
            let json = run + tokens.joined(separator: run) + run
            #expect(try Self.keys(json) == ["1", "1"], "run of \(spaces)")
            let values = try Self.scan(json) { s throws(JSONScanFailure) in
                var values: [String] = []
                try s.eachField { s, key throws(JSONScanFailure) in
                    values.append(s.key(key, is: "c") ? String(try s.int()) : try s.valueText())
                }
                return values
            }
            #expect(values == [tokens[3...11].joined(separator: run), "-2"])
            #expect(Self.refusal(#"{"a":[1,"# + run + "]}", as: .object)?.contains("after ','") == true)
        }
    }

    @Test(
        "objects iterate key by key; skipped values may nest and hold brackets in strings",
        arguments: [
            ("{}", []), (" { } ", []), (#"{"a":1}"#, ["1"]),
            (#"{"ab":{"x":[1,{"y":[[]]}]},"c":"]}\"{[","dd":[true,false,null,-1.5e3]}"#, ["2", "1", "2"]),
            (#"{ "a" : "\\" , "b\"" : [ "\\\"" ] }"#, ["1", "escaped"]),
        ])
    func objects(json: String, keys: [String]) throws {
        #expect(try Self.keys(json) == keys)
    }

    @Test("keys compare by content, escaped or not")
    func keyComparison() throws {
        let matches = try Self.scan(#"{"name":1,"na\u006de":2,"names":3,"nam":4}"#) { s throws(JSONScanFailure) in
            try s.beginObject()
            var matches: [Bool] = []
            var first = true
            while let key = try s.nextKey(&first) {
                matches.append(s.key(key, is: "name"))
                try s.skipValue()
            }
            return matches
        }
        #expect(matches == [true, true, false, false])
    }

    @Test("arrays iterate element by element; a top-level array's elements are found by range")
    func arrays() throws {
        let values = try Self.scan(" [ 1 , 2,3 ] ") { s throws(JSONScanFailure) in
            try s.beginArray()
            var values: [Int] = []
            var first = true
            while try s.nextElement(&first) { values.append(try s.int()) }
            return values
        }
        #expect(values == [1, 2, 3])
        let ranges = try JSONArrayElements.ranges(in: Data(#"[ {"a":[1]} ,"x", 3,[]]"#.utf8))
        #expect(ranges == [2..<11, 13..<16, 18..<19, 20..<22])
        #expect(try JSONArrayElements.ranges(in: Data("[]".utf8)) == [])
    }

    @Test(
        "malformed input is refused with a reason",
        arguments: [
            ("", Read.string, "empty body"), ("42", .string, "expected a string"),
            ("null", .string, "expected a string"),
            (#""unterminated"#, .string, "unterminated string"), (#""ends in \""#, .string, "unterminated string"),
            ("\"tab\tinside\"", .string, "control character"), ("\"line\nbreak\"", .string, "control character"),
            (#""\x""#, .string, "invalid escape"), (#""\u12""#, .string, #"short \u escape"#),
            (#""\u00g0""#, .string, #"invalid \u escape"#), (#""\ud83d""#, .string, "unpaired high surrogate"),
            (#""\ud83dx\ude00""#, .string, "unpaired high surrogate"),
            (#""\ud83d\u0041""#, .string, "invalid low surrogate"),
            (#""\ude00""#, .string, "unpaired low surrogate"), (#""a" "b""#, .string, "after the top-level value"),
            ("9223372036854775808", .int, "out of range"), ("-9223372036854775809", .int, "out of range"),
            ("01", .int, "leading zero"), ("-007", .int, "leading zero"), ("1.5", .int, "fraction or exponent"),
            ("7.0", .int, "fraction or exponent"), ("7e0", .int, "fraction or exponent"),
            ("7E2", .int, "fraction or exponent"), ("-", .int, "expected an integer"),
            (#""7""#, .int, "expected an integer"), ("1 2", .int, "after the top-level"),
            ("tru", .bool, "expected true or false"), ("fals", .bool, "expected true or false"),
            ("null", .bool, "expected true or false"), ("nul", .null, "invalid literal"),
            (#"{"a":1,}"#, .object, "expected a key after ','"), (#"{1:2}"#, .object, "expected a key"),
            (#"{"a" 1}"#, .object, "expected ':'"), (#"{"a":1 "b":2}"#, .object, "expected ',' or '}'"),
            (#"{"a":}"#, .object, "expected a value"), (#"{"a":,"b":1}"#, .object, "expected a value"),
            (#"{"a":[1,2"#, .object, "unexpected end of data"), (#"{"a":{"b":"x}}"#, .object, "unterminated string"),
            (#"{"a":1"#, .object, "unexpected end of data"), ("[1]", .object, "expected '{'"),
            (#"{"a":1}}"#, .object, "after the top-level value"),
            ("[1,]", .array, "expected a value after ','"), ("[1 2]", .array, "expected ',' or ']'"),
            ("[,1]", .array, "expected a value"), ("[1", .array, "unexpected end of data"),
            ("{}", .array, "expected '['"),
            // Skipped values are checked too: whatever the scanner accepts, JSONSerialization does.
            ("[tru]", .array, "invalid literal"), ("[nulll]", .array, "expected ',' or ']'"),
            ("[01]", .array, "leading zero"), ("[1.]", .array, "invalid number"), ("[-]", .array, "invalid number"),
            ("[1e]", .array, "invalid number"), ("[1e400]", .array, "out of range"),
            ("[.5]", .array, "expected a value"),
            ("[0x10]", .array, "expected ',' or ']'"), ("[NaN]", .array, "expected a value"),
            (#"[{"a":1,}]"#, .array, "expected a value after ','"), (#"[[}]"#, .array, "mismatched bracket"),
            (#"[{"a" 1}]"#, .array, "expected ':'"), (#"[{1:2}]"#, .array, "expected a key"),
            (#"["\x"]"#, .array, "invalid escape"), ("[\"a\u{1}\"]", .array, "control character"),
            (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), .array, "nested deeper"),
        ])
    func refusesMalformed(json: String, read: Read, reasonFragment: String) {
        let reason = Self.refusal(json, as: read)
        #expect(reason?.contains(reasonFragment) == true, "\(reason ?? "accepted")")
    }

    @Test(
        "a failure names the byte where reading stopped",
        arguments: [
            (#"{"a":1 "b":2}"#, Read.object, "malformed JSON at byte 7: expected ',' or '}' in object"),
            (#""ab\q""#, .string, "malformed JSON at byte 3: invalid escape"),
            ("[1,]", .array, "malformed JSON at byte 3: expected a value after ','"),
        ])
    func offsets(json: String, read: Read, description: String) {
        #expect(Self.refusal(json, as: read) == description)
    }
}
