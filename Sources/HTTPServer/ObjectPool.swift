import Synchronization

/// Objects that one thread uses at a time (a database connection, a compressor), kept for
/// reuse: a request takes one, or makes one when none is free, and gives it back. The pool
/// grows to the number of threads that use it at once, no further.
public final class ObjectPool<Object>: @unchecked Sendable {
    private let lock = Mutex(())
    // The objects are not Sendable: each is used by one thread at a time, handed over under
    // the lock.
    private var free: [Object] = []
    private let make: () throws -> Object

    /// A pool holding `objects` at first, making more with `make`.
    public init(_ objects: [Object] = [], make: @escaping () throws -> Object) {
        self.free = objects
        self.make = make
    }

    /// Runs `body` with an object of the pool's.
    public func with<Result>(_ body: (Object) throws -> Result) throws -> Result {
        let object = try lock.withLock { _ in free.popLast() } ?? make()
        defer { lock.withLock { _ in free.append(object) } }
        return try body(object)
    }
}
