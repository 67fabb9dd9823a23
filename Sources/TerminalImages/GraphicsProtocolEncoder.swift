/// Escape sequences that hand a PNG file to the terminal to draw. Only base64 characters and
/// numbers pokedex computed go between the sequence's delimiters, so nothing the image's
/// source chose can reach the terminal as a control sequence.
public enum GraphicsProtocolEncoder {
    /// The most base64 a kitty graphics command may carry.
    public static let kittyChunkSize = 4096

    /// kitty's graphics protocol: transmit and display (`a=T`) a PNG (`f=100`), quietly (`q=2`: no
    /// answer typed into the shell), showing the `source` rectangle of it over `columns × rows`
    /// cells; the base64 is sent in chunks of at most 4096 bytes, each but the last with `m=1`.
    /// With an `id` (`i=`), for a full-screen program that deletes it by that id later, the
    /// cursor stays where it was (`C=1`), since the program places everything itself, and the
    /// placement is numbered (`p=1`) so that `kittyPlace` moves it instead of adding another.
    public static func kitty(png: [UInt8], source: PixelRect, columns: Int, rows: Int, id: Int? = nil) -> String {
        let payload = Base64.encode(png)
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + payload.count / kittyChunkSize * 12 + 80)
        var start = 0
        repeat {
            let end = min(start + kittyChunkSize, payload.count)
            let more = end < payload.count ? "1" : "0"
            let keys =
                start == 0
                ? "a=T,f=100,q=2,\(box(source: source, columns: columns, rows: rows)),"
                    + "\(id.map { "i=\($0),p=1,C=1," } ?? "")m=\(more)"
                : "m=\(more)"
            out += Array("\u{1B}_G\(keys);".utf8)
            out += payload[start..<end]
            out += Array("\u{1B}\\".utf8)
            start = end
        } while start < payload.count
        return String(decoding: out, as: UTF8.self)
    }

    /// Shows the kitty image `id`, sent before, from the cursor as `kitty` drew it (`a=p`): its
    /// placement 1 replaced, so a picture that moves costs these keys rather than its PNG again.
    public static func kittyPlace(id: Int, source: PixelRect, columns: Int, rows: Int) -> String {
        "\u{1B}_Ga=p,i=\(id),p=1,\(box(source: source, columns: columns, rows: rows)),C=1,q=2\u{1B}\\"
    }

    /// The keys that show `source`'s pixels over `columns × rows` cells.
    private static func box(source: PixelRect, columns: Int, rows: Int) -> String {
        "x=\(source.x),y=\(source.y),w=\(source.width),h=\(source.height),c=\(columns),r=\(rows)"
    }

    /// Deletes the kitty image `id` drawn and frees its data (`d=I`), quietly.
    public static func kittyDelete(id: Int) -> String {
        "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
    }

    /// Deletes every kitty image on the screen and frees their data (`d=A`), quietly: what a
    /// full-screen program writes before handing the terminal back.
    public static let kittyDeleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// iTerm2's inline image (`OSC 1337 ; File=`): the whole PNG, `columns` cells wide, its
    /// height from its aspect ratio, at most `rows` cells when given.
    public static func iterm2(png: [UInt8], columns: Int, rows: Int? = nil) -> String {
        let height = rows.map { ";height=\($0)" } ?? ""
        let header =
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns)\(height);preserveAspectRatio=1:"
        return header + String(decoding: Base64.encode(png), as: UTF8.self) + "\u{07}"
    }
}
