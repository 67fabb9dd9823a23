import Synchronization

/// The latest value a progress callback saw, read after the run stops.
final class Latest<Value: Sendable>: Sendable {
    private let current = Mutex<Value?>(nil)
    var value: Value? { current.withLock { $0 } }
    func set(_ value: Value) { current.withLock { $0 = value } }
}
/// Values progress callbacks collect (the entries a run committed), read after it stops.
final class Collected<Value: Sendable>: Sendable {
    private let state = Mutex((values: [Value](), skipped: false))
    var values: [Value] { state.withLock { $0.values } }
    func append(_ values: [Value]) { state.withLock { $0.values.append(contentsOf: values) } }
    /// The run collecting them was skipped (`--if-older-than`).
    var skipped: Bool {
        get { state.withLock { $0.skipped } }
        set { state.withLock { $0.skipped = newValue } }
    }
}
