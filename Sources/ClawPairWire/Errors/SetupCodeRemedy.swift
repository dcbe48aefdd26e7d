/// The remedies that end in a new setup code, written once: the gateway host makes one with
/// `openclaw qr`, and a code that cannot be used, an unfinished pairing or a device the
/// gateway forgot are all cured by one.
package enum SetupCodeRemedy {
    /// For a code that cannot be used (malformed, expired, insecure): make another.
    package static let newCode = "ask for a new code: run `openclaw qr` on the gateway host"
    /// For a gateway this machine must pair with (again): the whole path.
    package static let pairAgain = "run `openclaw qr` on the gateway host, then `clawpair pair <setup code>`"
}
