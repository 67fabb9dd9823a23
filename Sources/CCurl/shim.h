#include <curl/curl.h>

// curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call: one typed wrapper per kind of argument pokedex passes.

static inline CURLcode pokedex_easy_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode pokedex_easy_set_offset(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode pokedex_easy_set_pointer(CURL *easy, CURLoption option, const void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode pokedex_easy_set_write_function(CURL *easy, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLMcode pokedex_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLcode pokedex_easy_get_pointer(CURL *easy, CURLINFO info, void **value) {
    return curl_easy_getinfo(easy, info, value);
}

// Macros Swift does not import: flag unions and the multiplexing constant.
static const long pokedex_global_default = CURL_GLOBAL_DEFAULT;
static const long pokedex_pipe_multiplex = CURLPIPE_MULTIPLEX;
static const long pokedex_http_version_2tls = CURL_HTTP_VERSION_2TLS;
static const long pokedex_header_separate = CURLHEADER_SEPARATE;
