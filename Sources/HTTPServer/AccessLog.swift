import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line per request on standard error: the peer, the request line, the status, the
/// body bytes sent and the time taken. Requests carry no credential into it: headers are
/// never logged, and the path is shown with control and non-ASCII bytes escaped.
public final class AccessLog: Sendable {
    private let lock = Mutex(())
    private let descriptor: Int32

    public init(descriptor: Int32 = 2) {
        self.descriptor = descriptor
    }

    /// Longer paths are cut: a line stays one line of readable size.
    static let longestPath = 1024

    func record(
        remote: String, method: String, path: String, query: String, status: Int, bytes: Int, seconds: Double
    ) {
        let target = query.isEmpty ? path : path + "?" + query
        let shown = Self.printable(target)
        let milliseconds = (seconds * 10_000).rounded() / 10
        writeLine("\(remote) \"\(Self.printable(method)) \(shown)\" \(status) \(bytes) \(milliseconds)ms\n")
    }

    /// Writes one whole line (a request's, or the server's own).
    public func writeLine(_ line: String) {
        var line = line
        lock.withLock { _ in
            line.withUTF8 { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    /// Printable ASCII as it is, anything else as `%XX`, cut at ``longestPath`` bytes.
    public static func printable(_ text: String) -> String {
        var output = ""
        for (index, byte) in text.utf8.enumerated() {
            if index == longestPath {
                output += "…"
                break
            }
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                output.unicodeScalars.append("%")
                output.unicodeScalars.append(digits[Int(byte >> 4)])
                output.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return output
    }
}
