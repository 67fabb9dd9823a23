import CCurl

/// libcurl's result codes in the words of an `Error:` line, the ones URLSession's errors had.
enum CurlFailure {
    static func reason(_ code: CURLcode, detail: String) -> String {
        switch code {
        case CURLE_COULDNT_CONNECT: return "connection refused"
        case CURLE_COULDNT_RESOLVE_HOST: return "host not found"
        case CURLE_COULDNT_RESOLVE_PROXY: return "proxy not found"
        case CURLE_OPERATION_TIMEDOUT: return "timed out"
        case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR: return "connection lost"
        default: return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        }
    }
}
