/// Whether to draw an image: `auto` only when it would reach a colour terminal.
public enum ImageDisplayMode: String, CaseIterable, Sendable {
    case auto, always, never
}
