/// The scalars that reorder what a terminal shows (U+202E reverses what follows, hiding what a
/// line really says): Unicode's Bidi_Control property, which is exactly these twelve
/// (PropList.txt, unchanged since Unicode 6.3). Named here because asking the property of every
/// scalar of a long comment is slow.
public enum BidirectionalControl {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
