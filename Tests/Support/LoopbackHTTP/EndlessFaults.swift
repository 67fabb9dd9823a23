import Dispatch

/// The faults that keep a client busy: a body trickled byte by byte, a body without end,
/// interim answers without a final one. Each loop is bounded all the same: by the peer
/// leaving (a failed send), the server stopping, and `endlessFaultSeconds`.
extension HTTPConnection {
    /// Long past any deadline a client under test should have.
    static let endlessFaultSeconds = 60.0

    func sendTrickled(_ response: ScriptedResponse, millisecondsPerByte: Int, isHTTP10: Bool) {
        let whole = Self.serialize(response, keepAlive: false, isHTTP10: isHTTP10, omitBody: false, bodyLimit: Int.max)
        let headLength = whole.count - response.body.count
        guard POSIXSocket.sendAll(descriptor, Array(whole[..<headLength])) else { return }
        let ending = Ending()
        for byte in response.body {
            guard !ending.isDue, server.sleep(seconds: Double(millisecondsPerByte) / 1000),
                POSIXSocket.sendAll(descriptor, [byte])
            else { return }
        }
    }

    func sendEndlessBody(_ response: ScriptedResponse, declaredLength: String?, pieceEveryMicroseconds: Int) {
        var head = "HTTP/1.1 \(response.status) \(Self.reasonPhrase(for: response.status))\r\n"
        for (name, value) in response.headers
        where !["content-length", "transfer-encoding"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        head += declaredLength.map { "Content-Length: \($0)\r\n" } ?? "Transfer-Encoding: chunked\r\n"
        guard POSIXSocket.sendAll(descriptor, Array((head + "\r\n").utf8)) else { return }
        let filler = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
        let piece = declaredLength == nil ? Array("10000\r\n".utf8) + filler + Array("\r\n".utf8) : filler
        let ending = Ending()
        while !ending.isDue && POSIXSocket.sendAll(descriptor, piece)
            && server.sleep(seconds: Double(pieceEveryMicroseconds) / 1e6)
        {}
    }

    func sendEndlessInterimResponses(millisecondsApart: Int) {
        let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        let ending = Ending()
        while !ending.isDue && POSIXSocket.sendAll(descriptor, interim)
            && server.sleep(seconds: Double(millisecondsApart) / 1000)
        {}
    }
}

/// When an endless fault gives up.
private struct Ending {
    private let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(HTTPConnection.endlessFaultSeconds * 1e9)
    var isDue: Bool { DispatchTime.now().uptimeNanoseconds >= deadline }
}
