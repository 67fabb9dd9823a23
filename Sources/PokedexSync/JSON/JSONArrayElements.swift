#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The elements of a top-level JSON array with their byte ranges, so each item of a GitHub
/// page can be stored exactly as received.
enum JSONArrayElements {
    /// Each element read by `element`, which must consume it whole, with the bytes it spans.
    static func read<Element>(
        in body: Data, _ element: (inout JSONScanner) throws(JSONScanFailure) -> Element
    ) throws(JSONScanFailure) -> [(value: Element, range: Range<Int>)] {
        try JSONScanner.scan(body) { scanner throws(JSONScanFailure) in
            try scanner.beginArray()
            var elements: [(value: Element, range: Range<Int>)] = []
            var first = true
            while try scanner.nextElement(&first) {
                let start = scanner.pos
                let value = try element(&scanner)
                elements.append((value, start..<scanner.pos))
            }
            return elements
        }
    }
}
