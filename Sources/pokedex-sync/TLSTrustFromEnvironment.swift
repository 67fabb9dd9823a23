import CurlTransport

extension TLSTrust {
    /// The CA certificates the curl tool would trust in this environment: `CURL_CA_BUNDLE`,
    /// else `SSL_CERT_FILE`, as the bundle, and `SSL_CERT_DIR` as the directory. An empty
    /// value counts as unset; with neither, the system's CA store.
    init(environment: [String: String]) {
        let value = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        self.init(caBundle: value("CURL_CA_BUNDLE") ?? value("SSL_CERT_FILE"), caDirectory: value("SSL_CERT_DIR"))
    }
}
