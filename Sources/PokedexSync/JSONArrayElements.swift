#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The byte ranges of the elements of a top-level JSON array, so each item of a GitHub
/// page can be stored exactly as received.
enum JSONArrayElements {
    static func ranges(in body: Data) throws(JSONScanFailure) -> [Range<Int>] {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in
            try scanner.beginArray()
            var ranges: [Range<Int>] = []
            var first = true
            while try scanner.nextElement(&first) {
                let start = scanner.pos
                try scanner.skipValue()
                ranges.append(start..<scanner.pos)
            }
            return ranges
        }
    }
}
