import Foundation
import PNGDecoding
import TestSupport
import Testing

/// Every real sprite the mirror serves decodes (../shared/data/sprites: RGBA, palette + tRNS and
/// grey + alpha files, some with private or text chunks).
@Suite(.enabled(if: SharedData.spriteArchive != nil, "../shared/data/sprites is not present"))
struct RealSpriteTests {
    @Test func decodesEverySprite() throws {
        let archive = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SharedData.spriteArchive!)))
        let members = UStarArchive.members(of: archive).filter { $0.name.hasSuffix(".png") }
        #expect(members.count == 2705)
        var failures: [String] = []
        var sizes: [String: Int] = [:]
        for member in members {
            do {
                let image = try PNGDecoder.decode(Array(archive[member.bytes]))
                sizes["\(image.width)×\(image.height)", default: 0] += 1
                let visible = stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] > 0 }
                if !visible { failures.append("\(member.name): no visible pixel") }
            } catch {
                failures.append("\(member.name): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(sizes == ["68×56": 2705])
    }
}

/// The members of a POSIX ustar archive: 512-byte headers (name, octal size), data padded to 512.
enum UStarArchive {
    struct Member {
        let name: String
        let bytes: Range<Int>
    }

    static func members(of archive: [UInt8]) -> [Member] {
        var members: [Member] = []
        var offset = 0
        while offset + 512 <= archive.count, archive[offset] != 0 {
            let header = archive[offset..<(offset + 512)]
            let name = field(header, 0, 100)
            let prefix = field(header, 345, 155)
            let size = Int(field(header, 124, 12).trimmingCharacters(in: .whitespaces), radix: 8) ?? 0
            let start = offset + 512
            if header[header.startIndex + 156] == UInt8(ascii: "0") || header[header.startIndex + 156] == 0 {
                members.append(Member(name: prefix.isEmpty ? name : prefix + "/" + name, bytes: start..<(start + size)))
            }
            offset = start + (size + 511) / 512 * 512
        }
        return members
    }

    private static func field(_ header: ArraySlice<UInt8>, _ start: Int, _ length: Int) -> String {
        let bytes = header[(header.startIndex + start)..<(header.startIndex + start + length)]
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
