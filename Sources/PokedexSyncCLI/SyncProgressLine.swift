import PokedexCLI
import TextUtilities

/// The live line a sync shows on a terminal: what it works on, how far it is, and what it is
/// waiting for, redrawn as requests complete.
struct SyncProgressLine: Equatable {
    var title: String
    /// Entries committed, and how many the list has, once known.
    var committed: Int?
    var total: Int?
    var requests = 0
    var bytes = 0
    var elapsed: Duration = .zero
    /// How long no answer has arrived while requests are in flight.
    var waiting: Duration?
    /// The server asked, as a person names it (`127.0.0.1:8080`, `pokeapi.co`).
    var host: String

    /// The line, cut to `width` terminal columns so that the terminal never wraps it.
    func rendered(width: Int) -> String {
        var parts: [String] = []
        if let waiting, waiting >= .seconds(1) {
            parts.append("waiting for \(host), \(Int(Quantities.secondsValue(waiting))) s")
        } else if let committed, let total {
            parts.append(Quantities.thousands(committed) + " of " + Quantities.thousands(total))
        } else if requests == 0 {
            parts.append("asking \(host)")
        }
        if requests > 0 {
            let seconds = Quantities.secondsValue(elapsed)
            let perSecond = seconds >= 0.5 ? Int((Double(requests) / seconds).rounded()) : 0
            let rate = perSecond > 0 ? ", \(Quantities.thousands(perSecond))/s" : ""
            parts.append(Quantities.counted(requests, "request") + rate)
        }
        if bytes > 0 { parts.append(Quantities.bytes(bytes)) }
        return TerminalColumns.truncated("\(title): " + parts.joined(separator: " · "), to: max(width - 1, 10))
    }
}
