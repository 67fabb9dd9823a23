import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs Pokédex searches off the loop's thread, so a key never waits for one: each finished
/// result is left in a mailbox and announced by a byte on a pipe that the loop polls beside the
/// keyboard. Results come back in any order; the model shows only the latest text's.
final class SearchWorker: Sendable {
    /// What the loop polls; -1 when no pipe could be opened, and results then wait for the
    /// loop's next wake-up (a key, or the data-version check twice a second).
    let readEnd: Int32
    private let writeEnd: Int32
    private let finished = Mutex<[(request: SearchRequest, results: [Int])]>([])
    /// Serial, on threads of its own (not the tasks' pool, which blocking waits can take up): a
    /// search that a newer text cancelled stops within 256 rows, so the next hardly waits.
    private let queue = DispatchQueue(label: "pokedex.browse.search")

    init() {
        (readEnd, writeEnd) = WakePipe.open() ?? (-1, -1)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Runs `job` on the worker's queue; a cancelled job leaves nothing.
    func start(_ job: PokemonSearchJob) {
        queue.async { [self] in
            guard let results = job.run() else { return }
            finished.withLock { $0.append((job.request, results)) }
            var byte: UInt8 = 0
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// The searches finished since the last call, in the order they finished.
    func takeFinished() -> [(request: SearchRequest, results: [Int])] {
        // The pipe is drained first: a result added after the drain still has its byte waiting.
        _ = WakePipe.drain(readEnd)
        return finished.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
