import BodyCoding

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an answer in memory of malloc's, which libmicrohttpd takes over with the
/// response and frees once sent.
struct OutgoingBody {
    private let bytes: UnsafeMutableRawBufferPointer
    /// The `Content-Encoding` they are in, nil for none.
    let encoding: String?

    var count: Int { bytes.count }
    var contents: UnsafeRawBufferPointer { UnsafeRawBufferPointer(bytes) }

    /// `room` bytes that `write` fills the first of, saying how many.
    init(room: Int, encoding: String? = nil, write: (UnsafeMutableRawBufferPointer) throws -> Int) throws {
        guard room > 0 else {
            self.init(bytes: UnsafeMutableRawBufferPointer(start: nil, count: 0), encoding: encoding)
            return
        }
        guard let memory = malloc(room) else { throw OutOfMemory() }
        let count: Int
        do {
            count = try write(UnsafeMutableRawBufferPointer(start: memory, count: room))
        } catch {
            free(memory)
            throw error
        }
        precondition((0...room).contains(count), "a body of \(count) bytes written in \(room)")
        self.init(bytes: UnsafeMutableRawBufferPointer(start: memory, count: count), encoding: encoding)
    }

    /// A handler's body, decoded.
    init(_ body: ResponseBody) throws {
        switch body {
        case .stored(let stored):
            try self.init(room: stored.checkedDecodedSize()) { buffer in
                try stored.decode(into: buffer)
                return buffer.count
            }
        case .written(let room, let write):
            try self.init(room: room, write: write)
        }
    }

    /// A copy of `bytes`.
    init(copying bytes: UnsafeRawBufferPointer, encoding: String? = nil) throws {
        try self.init(room: bytes.count, encoding: encoding) { room in
            room.copyMemory(from: bytes)
            return bytes.count
        }
    }

    private init(bytes: UnsafeMutableRawBufferPointer, encoding: String?) {
        self.bytes = bytes
        self.encoding = encoding
    }

    /// Frees the bytes of a body not handed to libmicrohttpd.
    func release() { free(bytes.baseAddress) }

    struct OutOfMemory: Error {}
}
