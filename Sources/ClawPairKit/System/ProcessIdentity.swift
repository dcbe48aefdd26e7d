#if canImport(Glibc)
    internal import Glibc
#endif

/// Who this process runs as.
package enum ProcessIdentity {
    /// The effective user id (`geteuid`): the owner of the files it creates.
    package static var effectiveUserID: UInt32 { UInt32(geteuid()) }
}
