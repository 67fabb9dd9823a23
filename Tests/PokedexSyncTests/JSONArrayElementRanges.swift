import Foundation

@testable import PokedexSync

extension JSONArrayElements {
    /// The byte ranges alone, every element skipped: what the scanner tests check elements by.
    static func ranges(in body: Data) throws(JSONScanFailure) -> [Range<Int>] {
        try read(in: body) { scanner throws(JSONScanFailure) in try scanner.skipValue() }.map(\.range)
    }
}
