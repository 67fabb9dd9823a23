import Dispatch
import Foundation
import LoopbackHTTP
import Testing

@testable import HTTPServer

/// A stop, in process: the request in flight is answered whole, one arriving during the wait
/// is refused (503) rather than waited for, and the stop returns once the first is done.
@Suite("HTTP server stop")
struct ServerStopTests {
    @Test("the request in flight is answered, one arriving meanwhile is refused with 503, then it stops")
    func drains() throws {
        let socket = try ListeningSocket.listening(host: "127.0.0.1", port: 0)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = HTTPServer(socket: socket, limits: ServerLimits(threads: 2), log: nil, token: nil) { request in
            if request.path == "/slow" {
                entered.signal()
                release.wait()
            }
            return .text(200, "answered \(request.path)")
        }
        try server.start()
        let slow = Answer()
        let slowDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            slow.response = try? RawHTTP(port: socket.port).request("/slow")
            slowDone.signal()
        }
        entered.wait()
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop()
            stopped.signal()
        }
        while !server.isDraining.load(ordering: .relaxed) { usleep(1_000) }
        let late = try RawHTTP(port: socket.port).request("/late")
        #expect(late.status == 503 && late.header("Connection") == "close", "\(late.status) \(late.text)")
        #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut, "the stop waits for the request in flight")
        release.signal()
        #expect(slowDone.wait(timeout: .now() + 10) == .success)
        #expect(slow.response?.status == 200 && slow.response?.text == "answered /slow")
        #expect(stopped.wait(timeout: .now() + 10) == .success)
    }

    /// What the reading thread got, read once it signalled.
    private final class Answer: @unchecked Sendable {
        var response: RawHTTP.Response?
    }
}
