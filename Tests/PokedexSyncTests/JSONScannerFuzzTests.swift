import Foundation
import LoopbackHTTP
import PokedexStore
import Testing

@testable import PokedexSync

/// The scanner against Foundation's `JSONSerialization` on random JSON and on mutated bodies
/// of the real shapes (byte flips, truncations, insertions), with fixed seeds so that every
/// run checks the same bodies. Properties: the scanner never crashes; whatever it accepts,
/// `JSONSerialization` accepts and reads the same fields from; whatever `JSONSerialization`
/// accepts in the right shape, the scanner accepts too, unless one of its documented
/// strictnesses applies (``allowedStrictness``).
@Suite("JSON scanner fuzzed against JSONSerialization")
struct JSONScannerFuzzTests {
    /// The scanner's documented refusals of what `JSONSerialization` takes (JSONScanner.swift).
    static let allowedStrictness = [
        "fraction or exponent", "integer out of range", "after ','", "expected '{'", "expected '['",
    ]

    static let detailSeed = PokeAPIScannerTests.body()
    static let listSeed = #"""
        {"count":1351,"next":"http://127.0.0.1:1/api/v2/pokemon/?offset=2&limit=2","previous":null,\
        "results":[{"name":"bulbasaur","url":"http://127.0.0.1:1/api/v2/pokemon/1/"},\
        {"name":"caf\u00e9 \"x\"","url":"http://127.0.0.1:1/api/v2/pokemon/2/"}]}
        """#
    static let issuesSeed = #"""
        [{"id":1,"title":"a \"quoted\" ]} title","labels":[{"name":"bug"}],"body":null,"n":-1.5e3},\
        {"id":2,"title":"日本 😀","draft":false,"milestone":{"number":3}}, 7, "s", [[]], {}]
        """#

    // MARK: Mutations

    /// Bytes that break JSON in interesting ways: structure, escapes, numbers, bad UTF-8.
    static let insertions: [[UInt8]] =
        [
            ",", "]", "}", "[", "{", "\"", "\\", ":", "null", "1e400", "-", "0", ".5", "tru", "\\u", "\\ud800", " ",
            "\n",
            "9999999999999999999", "1.0", "[1,]",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x00], [0x01], [0xEF, 0xBB, 0xBF]]

    static func mutated(_ seed: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0...random.below(3) {
            guard !bytes.isEmpty else { break }
            let at = random.below(bytes.count)
            switch random.below(4) {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(contentsOf: insertions[random.below(insertions.count)], at: at)
            default: bytes.remove(at: at)
            }
        }
        return bytes
    }

    // MARK: Random JSON

    /// A random JSON value, often in the detail shape (known keys with values of any type).
    static func randomJSON(_ random: inout SplitMix64, depth: Int = 0) -> String {
        let keys = [
            "id", "name", "types", "abilities", "stats", "height", "weight", "order", "base_experience", "species",
            "sprites", "other", "official-artwork", "front_default", "slot", "type", "ability", "is_hidden",
            "base_stat", "effort", "stat", "url", "count", "next", "results", "moves", "n\\u0061me",
        ]
        switch depth > 3 ? random.below(5) : random.below(8) {
        case 0: return ["null", "true", "false"][random.below(3)]
        case 1: return String(Int(truncatingIfNeeded: random.next()) >> random.below(64))
        case 2: return ["0", "-0", "1.5", "2e3", "-7", "1", "25", "0.0", "1E2"][random.below(9)]
        case 3:
            let strings = ["", "pikachu", "caf\\u00e9", "\\ud83d\\ude00", "a\\\"b", "日本", "x]}{[", "\\n"]
            return "\"" + strings[random.below(strings.count)] + "\""
        case 4: return "\"u\""
        case 5, 6:
            let members = (0..<random.below(6)).map { _ in
                "\"\(keys[random.below(keys.count)])\":" + randomJSON(&random, depth: depth + 1)
            }
            return "{" + members.joined(separator: ",") + "}"
        default:
            return "[" + (0..<random.below(4)).map { _ in randomJSON(&random, depth: depth + 1) }.joined(separator: ",")
                + "]"
        }
    }

    /// A detail body built from random parts in the documented shape, sometimes with wrong types.
    static func randomDetail(_ random: inout SplitMix64) -> String {
        func maybe(_ value: String) -> String { random.below(6) == 0 ? randomJSON(&random, depth: 3) : value }
        let resource = { (random: inout SplitMix64) in #"{"name":"n\#(random.below(9))","url":"u"}"# }
        let types = (0..<random.below(3)).map { _ in
            maybe(#"{"slot":\#(random.below(4)),"type":\#(resource(&random))}"#)
        }
        let abilities = (0..<random.below(3)).map { _ in
            maybe(#"{"ability":\#(random.below(3) == 0 ? "null" : resource(&random)),"is_hidden":true,"slot":1}"#)
        }
        let stats = (0..<random.below(3)).map { _ in
            maybe(#"{"base_stat":\#(random.below(300)),"effort":\#(random.below(3)),"stat":\#(resource(&random))}"#)
        }
        let members = [
            #""id":\#(maybe(String(random.below(2000))))"#, #""name":\#(maybe("\"p\""))"#,
            #""types":[\#(types.joined(separator: ","))]"#, #""abilities":[\#(abilities.joined(separator: ","))]"#,
            #""stats":[\#(stats.joined(separator: ","))]"#, #""height":\#(maybe("7"))"#,
            #""species":\#(maybe(resource(&random)))"#,
            #""sprites":\#(maybe(#"{"other":{"official-artwork":{"front_default":"A"}}}"#))"#,
            #""moves":\#(randomJSON(&random))"#,
        ].filter { _ in random.below(12) > 0 }
        return "{" + members.joined(separator: ",") + "}"
    }

    // MARK: Reading through JSONSerialization, with the scanner's documented semantics

    struct Refused: Error {}

    static func int(_ value: Any?) throws -> Int {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { throw Refused() }
        switch String(cString: number.objCType) {
        case "d", "f": return try Int(exactly: number.doubleValue).orThrow()
        case "Q": return try Int(exactly: number.uint64Value).orThrow()
        default: return number.intValue
        }
    }

    static func optionalInt(_ value: Any?) throws -> Int? { value == nil || value is NSNull ? nil : try int(value) }

    static func bool(_ value: Any?) throws -> Bool {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { throw Refused() }
        return number.boolValue
    }

    static func string(_ value: Any?) throws -> String { try (value as? String).orThrow() }

    static func object(_ value: Any?) throws -> [String: Any] { try (value as? [String: Any]).orThrow() }

    static func array(_ value: Any?) throws -> [Any] { try (value as? [Any]).orThrow() }

    static func resource(_ value: Any?) throws -> (name: String, url: String) {
        let object = try object(value)
        return (try string(object["name"]), try string(object["url"]))
    }

    static func referenceDetails(_ document: Any) throws -> PokemonDetails {
        let body = try object(document)
        let types = try array(body["types"]).map { entry in
            let entry = try object(entry)
            let type = try resource(entry["type"])
            return (slot: try int(entry["slot"]), name: type.name, url: type.url)
        }
        let abilities = try array(body["abilities"]).compactMap { entry -> (PokemonDetails.Ability, String)? in
            let entry = try object(entry)
            let ability = entry["ability"] is NSNull ? nil : try entry["ability"].map { try resource($0) }
            let isHidden = try bool(entry["is_hidden"]), slot = try int(entry["slot"])
            return ability.map { (PokemonDetails.Ability(name: $0.name, isHidden: isHidden, slot: slot), $0.url) }
        }
        let stats = try array(body["stats"]).map { entry in
            let entry = try object(entry)
            return PokemonDetails.Stat(
                name: try resource(entry["stat"]).name, baseStat: try int(entry["base_stat"]),
                effort: try int(entry["effort"]))
        }
        var artwork: String?
        if let sprites = body["sprites"], !(sprites is NSNull),
            let other = try object(sprites)["other"], !(other is NSNull),
            let official = try object(other)["official-artwork"], !(official is NSNull),
            let front = try object(official)["front_default"], !(front is NSNull)
        {
            artwork = try string(front)
        }
        let species = body["species"]
        return PokemonDetails(
            id: try int(body["id"]), name: try string(body["name"]), height: try optionalInt(body["height"]),
            weight: try optionalInt(body["weight"]), baseExperience: try optionalInt(body["base_experience"]),
            order: try optionalInt(body["order"]),
            speciesName: species == nil || species is NSNull ? nil : try resource(species).name,
            types: types.sorted { $0.slot < $1.slot }.map(\.name), abilities: abilities.map(\.0), stats: stats,
            officialArtworkURL: artwork,
            speciesURL: species == nil || species is NSNull ? nil : try resource(species).url,
            typeURLs: types.sorted { $0.slot < $1.slot }.map(\.url), abilityURLs: abilities.map(\.1))
    }

    struct ListFields: Equatable {
        let count: Int
        let next: String?
        let results: [String]
    }

    static func referenceList(_ document: Any) throws -> ListFields {
        let body = try object(document)
        let next = body["next"]
        return ListFields(
            count: try int(body["count"]), next: next == nil || next is NSNull ? nil : try string(next),
            results: try array(body["results"]).map { try resource($0) }.map { "\($0.name) \($0.url)" })
    }

    // MARK: The properties

    /// Checks one body read three ways: by the scanner's shape, by JSONSerialization with the
    /// reference reading, and for agreement between them.
    static func check<Fields: Equatable>(
        _ bytes: [UInt8], scan: (Data) throws(JSONScanFailure) -> Fields, reference: (Any) throws -> Fields
    ) {
        let data = Data(bytes)
        let scanned = Result { () throws(JSONScanFailure) in try scan(data) }
        let parsed = try? JSONSerialization.jsonObject(with: data)
        let text = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
        switch scanned {
        case .success(let fields):
            let document = parsed
            #expect(document != nil, "the scanner accepted what JSONSerialization refuses: \(text)")
            #expect(document.flatMap { try? reference($0) } == fields, "fields differ: \(text)")
        case .failure(let failure):
            guard let document = parsed, (try? reference(document)) != nil else { return }
            #expect(
                allowedStrictness.contains { failure.reason.contains($0) },
                "refused what JSONSerialization reads in the right shape (\(failure)): \(text)")
        }
    }

    static func checkArray(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let ranges = Result { () throws(JSONScanFailure) in try JSONArrayElements.ranges(in: data) }
        let parsed = try? JSONSerialization.jsonObject(with: data)
        let text = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
        switch ranges {
        case .success(let ranges):
            #expect((parsed as? [Any])?.count == ranges.count, "\(text)")
            for range in ranges {
                let element = Data(bytes[range])
                #expect(
                    (try? JSONSerialization.jsonObject(with: element, options: .fragmentsAllowed)) != nil,
                    "an element's range is not one JSON value: \(text)")
            }
        case .failure(let failure):
            guard parsed is [Any] else { return }
            #expect(allowedStrictness.contains { failure.reason.contains($0) }, "\(failure): \(text)")
        }
    }

    static func checkAllShapes(_ bytes: [UInt8]) {
        check(bytes, scan: PokeAPIScanner.details, reference: referenceDetails)
        check(
            bytes,
            scan: { (data: Data) throws(JSONScanFailure) in
                let page = try PokeAPIScanner.listPage(from: data)
                return ListFields(
                    count: page.count, next: page.next, results: page.results.map { "\($0.name) \($0.url)" })
            }, reference: referenceList)
        checkArray(bytes)
    }

    @Test("the seeds themselves are read alike")
    func seeds() throws {
        for seed in [Self.detailSeed, Self.listSeed, Self.issuesSeed] { Self.checkAllShapes(Array(seed.utf8)) }
        #expect(try PokeAPIScanner.details(from: Data(Self.detailSeed.utf8)).id == 25)
    }

    @Test("mutated real-shaped bodies: no crash, and agreement with JSONSerialization", arguments: [0, 1, 2])
    func mutatedBodies(seedIndex: Int) {
        let seed = Array([Self.detailSeed, Self.listSeed, Self.issuesSeed][seedIndex].utf8)
        var random = SplitMix64(seed: 0xF022_0000 + UInt64(seedIndex))
        for _ in 0..<1_500 { Self.checkAllShapes(Self.mutated(seed, &random)) }
    }

    @Test("random JSON and random detail-shaped bodies, whole and mutated")
    func randomBodies() {
        var random = SplitMix64(seed: 0x5241_4E44_4A53_4F4E)
        for round in 0..<2_000 {
            let text = round.isMultiple(of: 2) ? Self.randomJSON(&random) : Self.randomDetail(&random)
            Self.checkAllShapes(Array(text.utf8))
            Self.checkAllShapes(Self.mutated(Array(text.utf8), &random))
        }
    }
}

extension Optional {
    fileprivate func orThrow() throws -> Wrapped {
        guard let self else { throw JSONScannerFuzzTests.Refused() }
        return self
    }
}
