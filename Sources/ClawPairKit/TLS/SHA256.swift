internal import CClawShims
internal import COpenSSL

/// SHA-256 (FIPS 180-4) through OpenSSL's EVP interface.
public enum SHA256 {
    /// The digest length in bytes.
    public static let byteCount = 32

    /// The 32-byte digest of `bytes`. Traps when libcrypto cannot be loaded (this cannot
    /// throw; ``CLibrary/requireOrTrap()``).
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        CLibrary.libcrypto.requireOrTrap()
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            clawpair_EVP_Digest(input.baseAddress, input.count, &digest, &length, clawpair_EVP_sha256(), nil)
        }
        // EVP_Digest fails only when the algorithm cannot be fetched or memory runs out;
        // neither is a condition a caller could handle.
        precondition(ok == 1 && length == UInt32(byteCount), "EVP_Digest(SHA-256) failed: \(OpenSSLError.drain())")
        return Array(digest[..<byteCount])
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        hash(bytes).lowercaseHex
    }
}

extension [UInt8] {
    /// Two lowercase hex digits per byte, no separators.
    var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
