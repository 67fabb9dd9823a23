import Dispatch
import Foundation

/// SIGINT and SIGTERM while a sync runs. The first asks the sync to stop after the page it
/// is committing; a second one exits at once, which is still safe: every page is one SQLite
/// transaction, so the file holds whole pages only.
final class StopSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var first: Int32?

    /// The first stop signal received, if any.
    var received: Int32? { lock.withLock { first } }

    static func install(onStop: @escaping @Sendable () -> Void) -> StopSignals {
        let signals = StopSignals()
        for number in [SIGINT, SIGTERM] {
            // Dispatch sees the signal only once its default action (terminate) is off.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { signals.receive(number, onStop: onStop) }
            source.resume()
            signals.sources.append(source)
        }
        return signals
    }

    func remove() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    private func receive(_ number: Int32, onStop: @Sendable () -> Void) {
        let isFirst = lock.withLock {
            guard first == nil else { return false }
            first = number
            return true
        }
        if isFirst { onStop() } else { _exit(128 + number) }
    }

    static func name(_ number: Int32) -> String {
        number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    }
}
