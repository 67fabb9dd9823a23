#include <png.h>

// PNG_FORMAT_RGBA is a macro built from other macros, which Swift does not import.
static const png_uint_32 CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
