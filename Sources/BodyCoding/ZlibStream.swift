import CZlib

/// zlib's inflate and deflate over whole buffers: the only two operations pokedex needs.
enum ZlibStream {
    /// How the compressed stream is framed.
    enum Framing {
        /// Bare deflate (RFC 1951), as inside a gzip member.
        case raw
        /// A zlib stream (RFC 1950): header, deflate, Adler-32 (checked by zlib).
        case zlib

        var windowBits: Int32 { self == .raw ? -MAX_WBITS : MAX_WBITS }
    }

    /// Inflates the one stream that starts `input`, stopping with `tooLarge` as soon as the
    /// output would pass `limit`. Returns the output and how many bytes of `input` the stream
    /// took (what follows is the caller's: a gzip trailer).
    static func inflate(
        _ input: UnsafeRawBufferPointer, framing: Framing, limit: Int, sizeHint: Int
    ) throws(BodyCodingError) -> (output: [UInt8], consumed: Int) {
        guard input.count <= Int(UInt32.max) else { throw .tooLarge(limit: limit) }
        var stream = z_stream()
        guard pokedex_inflate_init(&stream, framing.windowBits) == Z_OK else {
            throw .corrupt("zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = UInt32(input.count)

        var output: [UInt8] = []
        var ended = false
        // The size the caller expects (a gzip trailer states it) is inflated straight into
        // the array: no copy through a chunk. Anything more, or a stream of unknown size, goes
        // through a chunk, checked against `limit` before it is kept. The hint comes from the
        // server or the database: no more is set aside than deflate can make of the input
        // (at most 1,032 bytes out for each byte in; `input` is within UInt32, checked above),
        // nor than zlib can count.
        let expected = min(max(sizeHint, 0), limit, input.count * 1032, Int(UInt32.max))
        if expected > 0 {
            var status = Z_OK
            output = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
                stream.next_out = buffer.baseAddress
                stream.avail_out = UInt32(expected)
                status = CZlib.inflate(&stream, Z_NO_FLUSH)
                count = expected - Int(stream.avail_out)
            }
            ended = try hasEnded(status, stream, filledItsRoom: output.count == expected)
        }
        guard !ended else { return (output, input.count - Int(stream.avail_in)) }
        let chunkSize = 64 * 1024
        let chunk = UnsafeMutablePointer<Bytef>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        while !ended {
            stream.next_out = chunk
            stream.avail_out = UInt32(chunkSize)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let produced = chunkSize - Int(stream.avail_out)
            guard output.count + produced <= limit else { throw .tooLarge(limit: limit) }
            output.append(contentsOf: UnsafeBufferPointer(start: chunk, count: produced))
            ended = try hasEnded(status, stream, filledItsRoom: produced == chunkSize)
        }
        return (output, input.count - Int(stream.avail_in))
    }

    /// Whether `inflate`'s `status` ends the stream; throws for one that cannot go on.
    private static func hasEnded(
        _ status: Int32, _ stream: z_stream, filledItsRoom: Bool
    ) throws(BodyCodingError) -> Bool {
        switch status {
        case Z_STREAM_END:
            return true
        case Z_OK, Z_BUF_ERROR:
            // No progress with all input taken: the stream stops before its end.
            if stream.avail_in == 0 && !filledItsRoom { throw .corrupt("it ends early") }
            return false
        case Z_NEED_DICT:
            throw .corrupt("it needs a preset dictionary")
        case Z_MEM_ERROR:
            throw .corrupt("zlib ran out of memory")
        default:
            throw .corrupt(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)")
        }
    }

    /// `input` as one zlib stream (what sqlite3's `sqlar_compress` and zlib's `compress` make),
    /// at `level`.
    static func deflate(_ input: UnsafeRawBufferPointer, level: Int32) -> [UInt8] {
        var stream = z_stream()
        guard pokedex_deflate_init(&stream, level) == Z_OK else {
            // Only a bad level or no memory: neither can happen with pokedex's constant.
            fatalError("zlib could not start deflating")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        let roomy = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = UInt32(input.count)
            stream.next_out = buffer.baseAddress
            stream.avail_out = UInt32(bound)
            // deflateBound's room takes the whole stream in one call.
            let status = CZlib.deflate(&stream, Z_FINISH)
            precondition(status == Z_STREAM_END, "deflate stopped short of deflateBound")
            count = bound - Int(stream.avail_out)
        }
        // Trimmed: the room deflateBound asks for is about the input's size, and stored bodies
        // wait in memory for their page's transaction.
        return Array(roomy)
    }

    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(CZlib.crc32_z(0, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), bytes.count))
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` keeping the closure's error type (the standard one rethrows `any Error`).
    func withBytes<Value>(
        _ body: (UnsafeRawBufferPointer) throws(BodyCodingError) -> Value
    ) throws(BodyCodingError) -> Value {
        try withUnsafeBytes { bytes in Result { () throws(BodyCodingError) in try body(bytes) } }.get()
    }
}
