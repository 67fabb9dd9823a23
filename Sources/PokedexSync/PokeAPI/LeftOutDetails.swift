import HTTPTypes

/// The details a kind's run leaves out and goes on past, storing the rest of the kind: bodies
/// that cannot be used (not JSON, not of the kind's shape, not found) and a detail the server
/// keeps failing (5xx after its retries) while it answers the others. What is stored of each
/// stays as it was, the run still fails naming them, and the next run asks for them again.
struct LeftOutDetails {
    /// One more ends the run as any other failure does: a server answering error pages for
    /// everything would have every entry retried.
    static let limit = 10

    private(set) var errors: [FetchError] = []
    /// Whether a detail was answered since the run began or last left one out for a server
    /// error, by a download started after that: a server failing every detail (an outage)
    /// ends the run at its second, as before at its first, instead of having ten more retried,
    /// however the answers of downloads started before the outage come in between.
    private var answeredSinceServerError = false
    /// The number of the first download started after the last server error left out.
    private var startedAfterServerError = 0

    /// A download, by the number it started with (0, 1, 2… in order), was answered.
    mutating func answered(download number: Int) {
        if number >= startedAfterServerError { answeredSinceServerError = true }
    }

    /// Whether `error` leaves its detail out (then recorded) rather than ending the run, with
    /// `downloadsStarted` so far.
    mutating func leavesOut(_ error: FetchError, downloadsStarted: Int) -> Bool {
        guard errors.count < Self.limit else { return false }
        if !error.isRefusedDetail {
            guard case .status(_, 500..., _) = error, answeredSinceServerError else { return false }
            answeredSinceServerError = false
            startedAfterServerError = downloadsStarted
        }
        errors.append(error)
        return true
    }
}
