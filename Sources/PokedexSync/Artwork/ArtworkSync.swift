import HTTPTypes
import LocalDatabase
import PokedexStore
import TextUtilities

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What an artwork phase did: per image, one of its counts.
public struct ArtworkSyncReport: Sendable, Equatable {
    /// Images the stored bodies link, of the kinds asked for.
    public var linked = 0
    public var downloaded = 0
    public var downloadedBytes = 0
    /// Answered 304 Not Modified: the stored PNG is current.
    public var unchanged = 0
    /// Stored, or found missing, within --max-age: not asked for.
    public var reused = 0
    /// Answered 404 (or 410) now: remembered as "no image".
    public var missing = 0
    /// Bodies that are not a PNG that decodes, not `image/png`, or too large: not stored.
    public var refused = 0
    /// Other answers (a 403, a 5xx after its retries): not stored, asked again next time.
    public var failed = 0
    /// Not asked for because their host could not be reached this run, or failed every one.
    public var skipped = 0
    /// The host whose images were skipped ("127.0.0.1:9"), and why: "unreachable (connection
    /// refused)", "failing (10 images in a row, the last HTTP 503)".
    public var skippedHost: String?
    public var skippedBecause: String?
    /// Transactions committed.
    public var batches = 0
    /// The first refused or failed image, to say why in the summary.
    public var firstProblem: String?

    /// What the run left undone, as `status` shows it; nil when nothing was.
    public var notice: String? {
        var parts: [String] = []
        if let host = skippedHost {
            parts.append("image host \(host) \(skippedBecause ?? "unreachable"): \(skipped) skipped")
        }
        if refused > 0 { parts.append("\(refused) refused") }
        if failed > 0 { parts.append("\(failed) failed") }
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: "; ") + (firstProblem.map { " (first: \($0))" } ?? "")
    }
}

/// Downloads the images the stored detail bodies link from their host (another origin than
/// the API: no credential is ever sent there) into `pokemon_image`, `concurrency` at a time,
/// committed in batches: whatever was committed survives a failure or a kill, and the next
/// run reuses it. A failure of one image (404, a body that is not a PNG) never fails the
/// phase; a host that cannot be reached, or that fails `failingHostLimit` images in a row
/// (5xx, 408, 429 after their retries), has its remaining images skipped for this run.
struct ArtworkSync {
    let client: HTTPClient
    let store: PokemonImageStore

    /// The largest image accepted: official artwork is ≈5–300 KB; anything near this is not one.
    static let maximumImageBytes = 10 << 20
    /// Images per transaction; a batch also ends once it holds this many bytes.
    static let batchSize = 50
    static let batchBytes = 8 << 20
    /// Images of one host failing in a row, with no image of it answered between, that stop
    /// asking it: each took its retries, so a host failing all 1,351 held a sync 12 minutes.
    static let failingHostLimit = 10

    func run(
        _ wanted: [WantedImage], concurrency: Int, retry: RetryPolicy,
        progress: @escaping @Sendable (ArtworkSyncReport) -> Void
    ) async throws -> ArtworkSyncReport {
        var report = ArtworkSyncReport()
        report.linked = wanted.count
        let due = wanted.filter { !$0.isFresh }
        report.reused = wanted.count - due.count
        var skippedHosts = SkippedHosts()
        var batch = Batch()
        let client = client
        var failure: (any Error)?
        await withTaskGroup(of: (WantedImage, ImageFetch).self) { group in
            var next = due.makeIterator()
            var inFlight = 0
            while true {
                while failure == nil, !Task.isCancelled, inFlight < max(1, concurrency), let image = next.next() {
                    if skippedHosts.skips(Self.origin(of: image.url)) {
                        report.skipped += 1
                        continue
                    }
                    group.addTask { (image, await Self.fetch(image, client: client, retry: retry)) }
                    inFlight += 1
                }
                guard inFlight > 0, let (image, fetched) = await group.next() else { break }
                inFlight -= 1
                do {
                    try record(fetched, of: image, in: &report, skippedHosts: &skippedHosts, batch: &batch)
                    if batch.isFull { try commit(&batch, &report, progress) }
                } catch {
                    failure = failure ?? error
                }
            }
        }
        if failure == nil, Task.isCancelled { failure = CancellationError() }
        // Images that came back before a failure or a signal are kept, as pages are.
        do {
            try commit(&batch, &report, progress)
        } catch {
            store.rollBackBatch()
            throw failure ?? error
        }
        if let failure { throw failure }
        return report
    }

    // MARK: Writing

    /// The writes of the batch being filled, in one open transaction.
    private struct Batch {
        var isOpen = false
        var images = 0
        var bytes = 0
        var isFull: Bool { images >= ArtworkSync.batchSize || bytes >= ArtworkSync.batchBytes }
    }

    private func record(
        _ fetched: ImageFetch, of image: WantedImage, in report: inout ArtworkSyncReport,
        skippedHosts: inout SkippedHosts, batch: inout Batch
    ) throws {
        let origin = Self.origin(of: image.url)
        func skipHost(because reason: String) {
            guard skippedHosts.skip(origin) else { return }
            if report.skippedHost == nil {
                report.skippedHost = Self.hostAndPort(of: image.url)
                report.skippedBecause = reason
            }
        }
        func write(_ body: () throws -> Void) throws {
            if !batch.isOpen {
                try store.beginBatch()
                batch.isOpen = true
            }
            do {
                try body()
            } catch {
                store.rollBackBatch()
                batch = Batch()
                throw error
            }
            batch.images += 1
        }
        switch fetched {
        case .failed(let error) where error.isTransient:
            if skippedHosts.failed(origin) >= Self.failingHostLimit, case .status(_, let status, _) = error {
                skipHost(because: "failing (\(Self.failingHostLimit) images in a row, the last HTTP \(status))")
            }
        case .unreachable, .cancelled: break
        // Any other answer is one: a 404, a body refused, a 403.
        default: skippedHosts.answered(origin)
        }
        switch fetched {
        case .downloaded(let downloaded):
            try write { try store.store(downloaded) }
            batch.bytes += downloaded.body.count
            report.downloaded += 1
            report.downloadedBytes += downloaded.body.count
        case .unchanged:
            try write { try store.confirm(pokemonID: image.pokemonID, kind: image.kind) }
            report.unchanged += 1
        case .missing:
            try write { try store.markMissing(pokemonID: image.pokemonID, kind: image.kind, url: image.url) }
            report.missing += 1
        case .refused(let reason):
            report.refused += 1
            report.firstProblem = report.firstProblem ?? reason
        case .failed(let error):
            report.failed += 1
            report.firstProblem = report.firstProblem ?? error.description
        case .unreachable(let reason):
            skipHost(because: "unreachable (\(reason))")
            report.skipped += 1
        case .cancelled:
            break
        }
    }

    private func commit(
        _ batch: inout Batch, _ report: inout ArtworkSyncReport, _ progress: @Sendable (ArtworkSyncReport) -> Void
    ) throws {
        guard batch.isOpen else { return }
        try store.commitBatch()
        batch = Batch()
        report.batches += 1
        progress(report)
    }

    /// The hosts asked no more this run, and how many images each failed in a row.
    private struct SkippedHosts {
        private var skipped: Set<String> = []
        private var failedInARow: [String: Int] = [:]

        func skips(_ origin: String) -> Bool { skipped.contains(origin) }
        /// Whether `origin` was not skipped before.
        mutating func skip(_ origin: String) -> Bool { skipped.insert(origin).inserted }
        mutating func answered(_ origin: String) { failedInARow[origin] = 0 }
        /// The images `origin` has failed in a row, this one counted.
        mutating func failed(_ origin: String) -> Int {
            failedInARow[origin, default: 0] += 1
            return failedInARow[origin, default: 0]
        }
    }

    // MARK: Downloading

    /// How one image's request ended.
    enum ImageFetch: Sendable {
        case downloaded(DownloadedImage)
        case unchanged
        case missing
        case refused(String)
        case failed(FetchError)
        /// No answer after the retries: the reason, as an `Error:` line gives it.
        case unreachable(String)
        case cancelled
    }

    static func fetch(_ image: WantedImage, client: HTTPClient, retry: RetryPolicy) async -> ImageFetch {
        guard let url = URL(string: image.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            return .refused("\(image.kind) URL \"\(Excerpt.of(image.url, maximumCharacters: 200))\" is not http(s)")
        }
        // Only what any image request carries: no cookie, and no Authorization but the PokeAPI
        // token its transport adds on PokeAPI's own origin.
        var headers = ["Accept": "image/png", "User-Agent": PokedexVersion.userAgent]
        if let etag = image.etag { headers["If-None-Match"] = etag }
        let request = HTTPRequest(url: url, headers: headers, maximumBodyBytes: maximumImageBytes)
        do {
            return try await client.fetch(request, retrying: retry) { response in
                switch response.status {
                case 304 where image.etag != nil: return .unchanged
                case 404, 410: return .missing
                case 200: return accepted(response, image)
                default:
                    // Thrown so that 5xx, 408 and 429 are retried; the last one is a failure.
                    throw FetchError.status(
                        url: image.url, status: response.status, bodyPrefix: FetchError.prefix(of: response.body))
                }
            }
        } catch let error as FetchError {
            switch error {
            case .unreachable(_, let reason): return .unreachable(reason)
            case .tooLarge: return .refused("GET \(image.url): \(error)")
            default: return .failed(error)
            }
        } catch {
            return .cancelled
        }
    }

    /// The body stored when it says it is a PNG and decodes as one; refused otherwise (an
    /// HTML error page answered 200, a JPEG, a truncated file).
    static func accepted(_ response: HTTPResponse, _ image: WantedImage) -> ImageFetch {
        let contentType = response.header("Content-Type") ?? ""
        let mediaType = contentType.split(separator: ";").first.map {
            $0.withoutOptionalWhitespace.lowercased()
        }
        guard mediaType == "image/png" else {
            return .refused(
                "GET \(image.url) answered \(contentType.isEmpty ? "no Content-Type" : "Content-Type \(contentType)"), "
                    + "not image/png")
        }
        let body = [UInt8](response.body)
        if let problem = PNGCheck.problem(with: body) {
            return .refused("GET \(image.url) answered a body that is not a PNG (\(problem))")
        }
        return .downloaded(
            DownloadedImage(
                pokemonID: image.pokemonID, kind: image.kind, url: image.url,
                etag: EntityTagValue.storable(response.header("ETag")), contentType: "image/png", body: body))
    }

    /// Scheme, host and port: images of one origin share its fate when it cannot be reached.
    static func origin(of url: String) -> String {
        guard let url = URL(string: url) else { return url }
        return "\(url.scheme?.lowercased() ?? "")://\(hostAndPort(of: url.absoluteString))"
    }

    private static func hostAndPort(of url: String) -> String {
        guard let parsed = URL(string: url), let host = parsed.host?.lowercased() else { return url }
        return parsed.port.map { "\(host):\($0)" } ?? host
    }
}
