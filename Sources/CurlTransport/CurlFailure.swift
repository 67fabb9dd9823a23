import CCurl
import HTTPTypes

/// libcurl's result codes in the words of an `Error:` line, the ones URLSession's errors had.
enum CurlFailure {
    static func reason(_ code: CURLcode, detail: String, trust: TLSTrust) -> String {
        switch code {
        case CURLE_COULDNT_CONNECT: return "connection refused"
        case CURLE_COULDNT_RESOLVE_HOST: return "host not found"
        case CURLE_COULDNT_RESOLVE_PROXY: return "proxy not found"
        case CURLE_OPERATION_TIMEDOUT: return "timed out"
        case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR: return FetchError.connectionLost
        // libcurl's own words name the file in some versions only.
        case CURLE_SSL_CACERT_BADFILE:
            if let bundle = trust.caBundle {
                return "cannot load the CA bundle \(bundle): no such file, or no PEM certificates in it"
            }
            fallthrough
        default: return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        }
    }
}
