import Testing

@testable import PokedexBrowse

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pokédex searches on the loop's worker: their results come back through its pipe, in any
/// order, and only the latest text's is shown.
@Suite("Searches off the loop's thread")
struct SearchWorkerTests {
    let source = FakeBrowseSource()

    /// What finished once the pipe says so (within 10 s), as the loop's `poll` waits for it.
    func finished(_ worker: SearchWorker) -> [(request: SearchRequest, results: [Int])] {
        var descriptor = pollfd(fd: worker.readEnd, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 10_000)
        return worker.takeFinished()
    }

    @Test("a result that comes back after a newer text's is dropped, whichever is delivered last")
    func latestOnly() throws {
        var model = BrowseModel(source: source, screens: [.pokedex], columns: 80, rows: 24)
        model.start(at: .zero)
        let worker = SearchWorker()
        for character in "pi" { model.handle(.character(character), at: .seconds(1)) }
        worker.start(try model.requireDueSearch(at: .seconds(2)))
        let older = finished(worker)
        #expect(older.count == 1)
        model.handle(.character("c"), at: .seconds(3))
        worker.start(try model.requireDueSearch(at: .seconds(4)))
        let newer = finished(worker)
        #expect(newer.count == 1)
        for (request, results) in newer + older { model.deliver(request, results: results) }
        #expect(model.results.map { model.catalog.rows[$0].name } == ["Pichu"])
        #expect(model.resultsText == "pic")
        #expect(worker.takeFinished().isEmpty, "each result is taken once")
    }
}
