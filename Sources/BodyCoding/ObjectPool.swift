import Synchronization

/// Objects that one thread uses at a time (a database connection, a compressor), kept for
/// reuse: a request takes one, or makes one when none is free, and gives it back. The pool
/// grows to the number of threads that use it at once, no further. `Failure` is what making
/// an object or using one may throw.
public final class ObjectPool<Object, Failure: Error>: @unchecked Sendable {
    private let lock = Mutex(())
    // The objects are not Sendable: each is used by one thread at a time, handed over under
    // the lock.
    private var free: [Object] = []
    private let make: () throws(Failure) -> Object

    /// A pool holding `objects` at first, making more with `make`.
    public init(_ objects: [Object] = [], make: @escaping () throws(Failure) -> Object) {
        self.free = objects
        self.make = make
    }

    /// Runs `body` with an object of the pool's.
    public func with<Result>(_ body: (Object) throws(Failure) -> Result) throws(Failure) -> Result {
        let object: Object
        if let kept = lock.withLock({ _ in free.popLast() }) { object = kept } else { object = try make() }
        defer { lock.withLock { _ in free.append(object) } }
        return try body(object)
    }
}
