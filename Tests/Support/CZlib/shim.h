#include <zlib.h>

// deflateInit2 is a macro (it passes the library's version and the stream's size for zlib to
// check), which Swift does not import.

static inline int pokedex_deflate_init(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
