import Dispatch
import PokedexCLI
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM while a sync runs. The first asks the sync to stop after the page it
/// is committing; a second one exits at once, which is still safe: every page is one SQLite
/// transaction, so the file holds whole pages only.
final class StopSignals: @unchecked Sendable {
    /// Set by `install` before any signal handler runs, read by `remove`.
    private var sources: [any DispatchSourceSignal] = []
    private let first = Mutex<Int32?>(nil)

    /// The first stop signal received, if any, and the exit status it ends the sync with.
    var received: (name: String, exitCode: ExitCode)? {
        first.withLock { $0 }.map { number in
            (Self.name(number), number == SIGINT ? .interrupted : .terminated)
        }
    }

    /// A write that cannot be done should fail, not kill the process: past a file-size limit
    /// (ulimit -f) SQLite reports the error, and once the reader of standard error has gone
    /// (`sync 2>&1 | head`) the lines are dropped while the sync goes on storing. Called
    /// before the sync writes anything.
    static func ignoreFailedWrites() {
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
    }

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
        let isFirst = first.withLock { first in
            guard first == nil else { return false }
            first = number
            return true
        }
        if isFirst { onStop() } else { _exit(128 + number) }
    }

    private static func name(_ number: Int32) -> String {
        number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    }
}
