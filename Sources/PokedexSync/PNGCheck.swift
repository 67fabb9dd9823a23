/// Whether a downloaded body is a PNG pokedex can draw.
enum PNGCheck {
    // TEMPORARY until img-lib's PNGDecoding is merged: the signature only.
    static func problem(with body: [UInt8]) -> String? {
        body.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) ? nil : "no PNG signature"
    }
}
