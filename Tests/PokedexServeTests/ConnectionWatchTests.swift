import Testing

@testable import HTTPServer

/// Which open connections `serve` answers past `--max-connections`: the ones that opened
/// first, a newer one served in its turn as older ones close.
@Suite("connection limit: the connections opened first are served")
struct ConnectionWatchTests {
    let watch = ConnectionWatch(limits: ServerLimits(connections: 2))

    /// A libmicrohttpd handle; the same number is the same handle, reused or not.
    static func handle(_ number: Int) -> OpaquePointer { OpaquePointer(bitPattern: 0x1000 * number)! }

    func open(_ numbers: Int...) {
        for number in numbers { watch.opened(Self.handle(number), descriptor: -1) }
    }

    func served(_ numbers: Int...) -> [Bool] { numbers.map { watch.isServed(Self.handle($0)) } }

    @Test("past the limit the newest wait; each closing served one lets the oldest waiting in")
    func servedInOrder() {
        open(1, 2, 3, 4, 5)
        #expect(served(1, 2, 3, 4, 5) == [true, true, false, false, false])
        // A waiting one closing changes nothing for the others.
        watch.closed(Self.handle(3))
        #expect(served(1, 2, 4, 5) == [true, true, false, false])
        watch.closed(Self.handle(1))
        #expect(served(2, 4, 5) == [true, true, false])
        watch.closed(Self.handle(2))
        #expect(served(4, 5) == [true, true])
    }

    @Test("a handle reused for a newer connection waits behind those opened before it")
    func reusedHandle() {
        open(1, 2, 3, 4)
        watch.closed(Self.handle(3))
        // libmicrohttpd gives a new connection the closed one's handle.
        open(3)
        watch.closed(Self.handle(1))
        #expect(served(2, 4, 3) == [true, true, false])
        watch.closed(Self.handle(2))
        #expect(served(4, 3) == [true, true])
    }

    @Test("refused connections coming and going while the served ones stay open leave a bounded queue")
    func churnPastTheLimit() {
        open(1, 2, 3)
        for number in 4..<20_000 {
            open(number)
            watch.closed(Self.handle(number))
        }
        #expect(watch.queueLength < 200, "\(watch.queueLength)")
        watch.closed(Self.handle(1))
        #expect(served(2, 3) == [true, true])
    }

    @Test("under the limit every connection is served, and one the watch never saw too")
    func underTheLimit() {
        open(1)
        #expect(served(1, 9) == [true, true])
    }
}
