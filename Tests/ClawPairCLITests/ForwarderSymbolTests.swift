import Testing

/// clawpair defines a forwarder for every C library function it calls
/// (CClawShims/include/CClawShimsLibrary.h). Under the library's own name it would take the
/// calls of any program that links ClawPairKit and the library too, so every one is named
/// clawpair_<name> and no library function is defined under its own name.
@Suite struct ForwarderSymbolTests {
    /// How the libraries clawpair opens name their functions.
    static let libraryPrefixes = [
        "SSL_", "TLS_", "DTLS_", "BIO_", "BN_", "ERR_", "EVP_", "X509", "PEM_", "ASN1_", "CRYPTO_", "OPENSSL_", "OSSL_",
        "i2d_", "d2i_", "sqlite3_", "png_", "jpeg_", "QRcode_", "QRinput_", "zbar_", "DNSService", "TXTRecord", "avahi_",
        "crypto_box", "sodium_",
    ]

    /// The global C functions of `table` that carry a library's name.
    static func unprefixedLibraryFunctions(_ table: SymbolTable) -> [String] {
        table.functions.filter { name in libraryPrefixes.contains { name.hasPrefix($0) } }
    }

    @Test func everyForwarderIsPrefixedAndNoLibraryFunctionIsDefined() throws {
        let forwarded = try SymbolTable.forwardedFunctions()
        #expect(forwarded.count > 140, "the pattern no longer finds the Lazy*.h entries")
        #expect(forwarded.contains("SSL_read") && forwarded.contains("sqlite3_step") && forwarded.contains("zbar_scan_image")
            && forwarded.contains("crypto_box_open_easy") && forwarded.contains("d2i_PUBKEY"))

        let table = try SymbolTable(of: LabHosts.clawpair)
        for name in forwarded {
            #expect(table.definitions["clawpair_" + name] == "T", "clawpair_\(name) is not defined")
            #expect(table.definitions[name] == nil, "\(name) is defined under the library's own name")
        }
        #expect(Self.unprefixedLibraryFunctions(table) == [])
        // And clawpair binds none of those functions itself: each library is opened with dlopen.
        #expect(table.dynamicReferences.filter { name in Self.libraryPrefixes.contains { name.hasPrefix($0) } } == [])
    }
}
