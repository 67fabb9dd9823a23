import CDeflate

/// Deflate streams over whole buffers, through libdeflate: it inflates faster than zlib and
/// checksums (CRC-32, Adler-32) with the CPU's vector units, where zlib was a large share of a
/// sync's CPU. Whole buffers are all pokedex needs: bodies arrive whole.
enum DeflateCodec {
    /// How the compressed stream is framed.
    enum Framing {
        /// Bare deflate (RFC 1951), as inside a gzip member.
        case raw
        /// A zlib stream (RFC 1950): header, deflate, Adler-32 (checked by libdeflate).
        case zlib
    }

    /// Inflates the one stream that starts `input`, refusing (`tooLarge`) an output past
    /// `limit`. Returns the output and how many bytes of `input` the stream took (what follows
    /// is the caller's: a gzip trailer).
    ///
    /// libdeflate writes into a buffer of fixed size and starts over when it is too small.
    /// `sizeHint` (a gzip trailer's or the database's size; `Int.max` when nothing says) is
    /// tried first, and a room doubled up to `limit` only when the stream does not fit. The
    /// hint comes from the server or the database, so the first room is also kept within what
    /// the input plausibly makes (64 bytes out for each byte in; JSON compresses ≈15×): a
    /// damaged row claiming a terabyte costs a few doublings, not one huge allocation. Deflate
    /// makes at most 1,032 bytes out of each byte in: past that room a stream is damaged.
    static func inflate(
        _ input: UnsafeRawBufferPointer, framing: Framing, limit: Int, sizeHint: Int
    ) throws(BodyCodingError) -> (output: [UInt8], consumed: Int) {
        let decompressor = try Decompressor()
        let largest = max(0, min(limit, mostOutput(from: input.count)))
        var room = min(max(sizeHint, 1), max(64 * 1024, output(from: input.count, ratio: 64)), largest)
        while true {
            var consumed = 0
            var result = LIBDEFLATE_SUCCESS
            let output = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                let produced: Int
                (result, consumed, produced) = decompressor.run(
                    input, framing: framing, into: UnsafeMutableRawBufferPointer(buffer))
                count = result == LIBDEFLATE_SUCCESS ? produced : 0
            }
            switch result {
            case LIBDEFLATE_SUCCESS:
                return (output, consumed)
            case LIBDEFLATE_INSUFFICIENT_SPACE where room < largest:
                room = room <= largest / 2 ? max(room * 2, min(largest, 64 * 1024)) : largest
            case LIBDEFLATE_INSUFFICIENT_SPACE where largest == limit:
                throw .tooLarge(limit: limit)
            default:
                // libdeflate does not tell a stream cut short from a damaged one. (Room for
                // 1,032 bytes per byte in and still too little: damaged.)
                throw .corrupt("the compressed stream is damaged or cut short")
            }
        }
    }

    /// Inflates the one stream that starts `input` into `output`, which it must fill exactly
    /// (the size is the caller's to know: the database's). Returns how many bytes of `input`
    /// the stream took.
    static func inflate(
        _ input: UnsafeRawBufferPointer, framing: Framing, filling output: UnsafeMutableRawBufferPointer
    ) throws(BodyCodingError) -> Int {
        let (result, consumed, produced) = try Decompressor().run(input, framing: framing, into: output)
        switch result {
        case LIBDEFLATE_SUCCESS where produced == output.count:
            return consumed
        case LIBDEFLATE_SUCCESS:
            throw .corrupt("it decodes to \(produced) bytes, not the \(output.count) recorded")
        case LIBDEFLATE_INSUFFICIENT_SPACE:
            // Longer than recorded, or damaged: libdeflate tells the two apart no better.
            throw .corrupt("it does not decode within the \(output.count) bytes recorded")
        default:
            throw .corrupt("the compressed stream is damaged or cut short")
        }
    }

    /// The most a deflate stream of `count` bytes can make: 1,032 bytes out of each byte in.
    static func mostOutput(from count: Int) -> Int { output(from: count, ratio: 1032) }

    /// `ratio` bytes out for each of `count` in, unbounded where Int cannot count them (32 bits).
    private static func output(from count: Int, ratio: Int) -> Int {
        let (product, overflow) = count.multipliedReportingOverflow(by: ratio)
        return overflow ? Int.max : product
    }

    /// libdeflate's decompressor, for one stream or a few attempts at one.
    private final class Decompressor {
        private let decompressor: OpaquePointer

        init() throws(BodyCodingError) {
            guard let decompressor = libdeflate_alloc_decompressor() else {
                throw .corrupt("libdeflate ran out of memory")
            }
            self.decompressor = decompressor
        }

        deinit { libdeflate_free_decompressor(decompressor) }

        /// libdeflate's result, the input it took and the output it made.
        func run(_ input: UnsafeRawBufferPointer, framing: Framing, into output: UnsafeMutableRawBufferPointer)
            -> (result: libdeflate_result, consumed: Int, produced: Int)
        {
            var (consumed, produced) = (0, 0)
            let decompress = framing == .raw ? libdeflate_deflate_decompress_ex : libdeflate_zlib_decompress_ex
            let result = decompress(
                decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &consumed, &produced)
            return (result, consumed, produced)
        }
    }

    /// Makes zlib streams (what sqlite3's `sqlar_compress` and zlib's `compress` make) at one
    /// of libdeflate's levels (1–12), one input after another on one thread. Its tables are
    /// allocated once: allocating them for each GitHub item, a few KB, cost a large share of
    /// compressing it.
    final class Compressor {
        private let compressor: OpaquePointer

        init(level: Int32) {
            guard let compressor = libdeflate_alloc_compressor(level) else {
                // Only a bad level or no memory: neither can happen with pokedex's constant.
                fatalError("libdeflate could not allocate a compressor")
            }
            self.compressor = compressor
        }

        deinit { libdeflate_free_compressor(compressor) }

        func zlib(_ input: UnsafeRawBufferPointer) -> [UInt8] {
            compress(input, bound: libdeflate_zlib_compress_bound, with: libdeflate_zlib_compress)
        }

        /// A gzip member (RFC 1952), as HTTP's `Content-Encoding: gzip` sends it.
        func gzip(_ input: UnsafeRawBufferPointer) -> [UInt8] {
            compress(input, bound: libdeflate_gzip_compress_bound, with: libdeflate_gzip_compress)
        }

        private func compress(
            _ input: UnsafeRawBufferPointer,
            bound: (OpaquePointer?, Int) -> Int,
            with function: (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int) -> Int
        ) -> [UInt8] {
            let room = bound(compressor, input.count)
            let roomy = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                count = function(compressor, input.baseAddress, input.count, buffer.baseAddress, room)
                // The bound is room enough for any input.
                precondition(count > 0, "libdeflate stopped short of its own bound")
            }
            // Trimmed: the bound is about the input's size, and stored bodies wait in memory for
            // their page's transaction.
            return Array(roomy)
        }
    }

    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_crc32(0, bytes.baseAddress, bytes.count)
    }

    static func adler32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_adler32(1, bytes.baseAddress, bytes.count)
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
