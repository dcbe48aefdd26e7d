extension NetworkError.Code {
    /// TLS failed after the handshake: a bad record, a fatal alert from the peer, or a
    /// renegotiation this client refuses. The reason carries OpenSSL's error queue.
    public static let tlsFailure = Self("tlsFailure")
}
