#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (they pass the library's version and the stream's
// size for zlib to check), which Swift does not import: one function for each.

static inline int pokedex_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

static inline int pokedex_deflate_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
