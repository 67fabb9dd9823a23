extension Task where Failure == any Error {
    /// The task's value, cancelling the task if the caller is cancelled while it waits: a task
    /// started ahead of its use (the next page's request) is not a child of the caller, so a
    /// signal would otherwise reach it only once it ended on its own, retries and waits included.
    var valueCancelledWithCaller: Success {
        get async throws {
            try await withTaskCancellationHandler {
                try await value
            } onCancel: {
                cancel()
            }
        }
    }
}
