import PokedexSync
import Testing

@testable import PokedexCLI

@Suite("Sync defaults")
struct SyncDefaultsTests {
    @Test("the defaults help shows are the sync engine's own")
    func matchEngine() {
        #expect(SyncDefaults.pokeAPIBaseURL == PokeAPIEndpoint.defaultBaseURL)
        #expect(SyncDefaults.gitHubBaseURL == GitHubEndpoint.defaultBaseURL)
        #expect(SyncDefaults.concurrency == CatalogSyncOptions.defaultConcurrency)
        #expect(SyncDefaults.retries == RetryPolicy.defaultRetries)
        #expect(.seconds(SyncDefaults.maximumWaitSeconds) == GitHubSyncOptions.defaultMaximumWait)
        #expect(SyncDefaults.requestTimeoutSeconds == HTTPClient.defaultTimeoutSeconds)
        #expect(SyncDefaults.reconcileAfterSeconds == GitHubSyncOptions.defaultReconcileAfterSeconds)
        #expect(SyncDefaults.requestDeadlineMultiple == HTTPClient.deadlineMultiple)
        #expect(RetryPolicy.retries(1, maximumTotalWait: .seconds(SyncDefaults.retryWaitSeconds)) == .retries(1))
    }
}
