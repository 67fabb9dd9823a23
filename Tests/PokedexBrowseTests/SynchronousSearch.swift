import PokedexBrowse
import Testing

extension BrowseModel {
    /// The due search run here and now, and shown: what the loop's worker does, without the
    /// thread, so tests step through searches with the clock they give.
    mutating func runDueSearch(at now: Duration) {
        guard let job = startDueSearch(at: now), let results = job.run() else { return }
        deliver(job.request, results: results)
    }

    /// The due search started, not run: the test goes on only when one was due.
    mutating func requireDueSearch(at now: Duration) throws -> PokemonSearchJob {
        let job = startDueSearch(at: now)
        return try #require(job)
    }
}
