import BodyCoding
import Testing

@testable import HTTPServer

@Suite("HTTP pieces: entity tags, content codings, bearer tokens")
struct HTTPPiecesTests {
    @Test(
        "If-None-Match compared weakly",
        arguments: [
            (#"W/"abc""#, true), (#""abc""#, true), (#" "x" , W/"abc" "#, true), ("*", true), (#""abcd""#, false),
            (nil, false), ("", false), (#"W/"ab""#, false),
        ] as [(String?, Bool)])
    func entityTags(header: String?, matches: Bool) {
        #expect(EntityTags.matches(header, #"W/"abc""#) == matches)
    }

    @Test(
        "optional whitespace trimmed: spaces and tabs at either end only, whole characters kept",
        arguments: [
            ("  gzip ", "gzip"), ("\tW/\"a b\"\t ", "W/\"a b\""), ("", ""), (" \t ", ""), ("x", "x"),
            (" ピカチュウ ", "ピカチュウ"), ("é\u{301}  ", "é\u{301}"), ("\u{1F600} ", "\u{1F600}"), ("a\nb ", "a\nb"),
        ])
    func trimming(text: String, trimmed: String) {
        #expect(String(text.trimmingSpaces) == trimmed)
        #expect(String(text[...].trimmingSpaces) == trimmed)
    }

    @Test(
        "Accept-Encoding: q=0 refuses, * stands for the rest",
        arguments: [
            ("gzip, deflate", true, true), ("gzip;q=0, deflate", false, true), ("*", true, true),
            ("*;q=0, deflate", false, true), ("identity", false, false), ("x-gzip", true, false),
            ("GZIP ; q=0.5", true, false), ("br, zstd", false, false),
        ] as [(String, Bool, Bool)])
    func acceptEncoding(header: String, gzip: Bool, deflate: Bool) {
        let accepted = ContentNegotiation.Accepted(header)
        #expect(accepted.gzip == gzip && accepted.deflate == deflate)
    }

    @Test(
        "the coding sent is the one the client ranks higher; on a tie gzip, or deflate for a stored zlib stream",
        arguments: [
            ("gzip, deflate", false, "gzip"), ("gzip, deflate", true, "deflate"),
            ("gzip;q=0.5, deflate", false, "deflate"), ("gzip, deflate;q=0.5", true, "gzip"),
            ("deflate;q=0.9, gzip;q=0.8", false, "deflate"), ("*;q=0.2, gzip;q=0.1", false, "deflate"),
            ("deflate", false, "deflate"), ("gzip", true, "gzip"), ("gzip;q=x, deflate;q=0.9", true, "gzip"),
            ("gzip;q=nan", false, "gzip"),
            ("identity", true, nil), ("gzip;q=0, deflate;q=0", false, nil),
        ] as [(String, Bool, String?)])
    func codingRanked(header: String, stored: Bool, sent: String?) throws {
        let json = Array(String(repeating: "{\"a\":1}", count: 400).utf8)
        let body: ResponseBody =
            stored
            ? .stored(StoredBody.compressing(json))
            : .written(room: json.count) { buffer in
                buffer.copyBytes(from: json)
                return json.count
            }
        let outgoing = try ContentNegotiation.encode(
            body, accepted: .init(header), isCompressible: true, compressor: { ResponseCompressor() })
        defer { outgoing.release() }
        #expect(outgoing.encoding == sent)
    }

    @Test("a damaged stored stream is refused for a client accepting deflate too, not sent as it is")
    func damagedStoredStream() throws {
        let good = StoredBody.compressing(Array(String(repeating: "{\"a\":1}", count: 200).utf8))
        #expect(good.encoding == .zlib)
        let damaged = [
            try StoredBody(bytes: [0x78, 0xDA, 0x01, 0x02], encoding: .zlib, decodedSize: 10),
            try StoredBody(bytes: good.bytes, encoding: .zlib, decodedSize: good.decodedSize + 1),
            try StoredBody(
                bytes: good.bytes.dropLast(4) + [0, 0, 0, 0], encoding: .zlib, decodedSize: good.decodedSize),
        ]
        for header in ["deflate", "gzip", "identity", "gzip, deflate"] {
            for body in damaged {
                #expect(throws: (any Error).self, "\(header)") {
                    try ContentNegotiation.encode(
                        .stored(body), accepted: .init(header), isCompressible: true,
                        compressor: { ResponseCompressor() }
                    ).release()
                }
            }
            let sent = try ContentNegotiation.encode(
                .stored(good), accepted: .init(header), isCompressible: true, compressor: { ResponseCompressor() })
            #expect(sent.count > 0)
            sent.release()
        }
    }

    @Test("the bearer token: the whole token, Bearer or GitHub's token scheme in any case, spaces around it aside")
    func bearer() throws {
        let token = try #require(BearerToken("s3cret"))
        for admitted in [
            "Bearer s3cret", "bearer s3cret", "BEARER s3cret", "token s3cret", "Token s3cret", "TOKEN s3cret",
            "bearer  s3cret", "Bearer s3cret ", " Bearer s3cret\t",
        ] {
            #expect(token.admits(admitted), "\(admitted)")
        }
        for refused in [
            "Bearer s3cre", "Bearer s3cretx", "Bearer s3cret x", "Basic s3cret", "s3cret", "Bearer ", "", "tokens3cret",
            "bearers3cret", "Bearer\ts3cret", "tok s3cret",
        ] {
            #expect(!token.admits(refused), "\(refused)")
        }
        #expect(!token.admits(nil) && BearerToken("") == nil)
    }
}
