import Foundation
import TestSupport
import Testing

@testable import PokedexStore

/// Every species name PokeAPI has, in every language, through `NameFolding`.
@Suite("Real species names", .enabled(if: SharedData.hasPokeAPI, "../shared/data/pokeapi is not present"))
struct RealNameFoldingTests {
    /// (species, language, name) of every real species.
    static func names() throws -> [(species: String, language: String, name: String)] {
        var names: [(String, String, String)] = []
        try SharedData.forEachLine(ofGzip: SharedData.directory! + "/pokeapi/pokemon-species.jsonl.gz") { line in
            guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else { return }
            let body: [String: Any]?
            if let text = object["body"] as? String {
                body = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            } else {
                body = object["body"] as? [String: Any]
            }
            guard let body, let species = body["name"] as? String, let entries = body["names"] as? [[String: Any]]
            else { return }
            for entry in entries {
                if let name = entry["name"] as? String,
                    let language = (entry["language"] as? [String: Any])?["name"] as? String
                {
                    names.append((species, language, name))
                }
            }
        }
        return names
    }

    @Test("every name folds to something, its hiragana form to the same, and few fold alike across species")
    func foldsEveryName() throws {
        let names = try Self.names()
        #expect(names.count > 10_000)
        var speciesByFold: [String: Set<String>] = [:]
        for (species, language, name) in names {
            let folded = NameFolding.fold(name)
            #expect(!folded.isEmpty, "\(species) in \(language): \(name)")
            speciesByFold[folded, default: []].insert(species)
            if language == "ja-hrkt" {
                // Katakana back to hiragana where one exists: typed that way, it must find the same.
                var hiragana = ""
                for scalar in name.unicodeScalars {
                    let value = scalar.value
                    hiragana.unicodeScalars.append(
                        (0x30A1...0x30F6).contains(value) ? Unicode.Scalar(value - 0x60)! : scalar)
                }
                #expect(NameFolding.fold(hiragana) == folded, "\(name) typed as \(hiragana)")
            }
            if name.allSatisfy({ $0.isASCII }) {
                // Typed in full-width Latin.
                var wide = ""
                for scalar in name.unicodeScalars {
                    wide.unicodeScalars.append(
                        (0x21...0x7E).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0xFEE0)! : scalar)
                }
                #expect(NameFolding.fold(wide) == folded, "\(name) typed as \(wide)")
            }
        }
        let collisions = speciesByFold.filter { $0.value.count > 1 }
        // カラカラ/ガラガラ and the two Nidoran stay apart: dakuten and ♀/♂ are kept.
        #expect(collisions.isEmpty, "\(collisions)")
    }
}
