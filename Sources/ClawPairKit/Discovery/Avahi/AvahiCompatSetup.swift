internal import CClawShims
internal import CAvahiDNSSD

/// Process-wide preparation of Avahi's dns_sd compatibility library, done before its first
/// call (`MDNSEventLoop.run`, `SimAdvertiser.register`): it opens the libraries, or throws
/// an environment error naming the package to install.
package enum AvahiCompatSetup {
    package static func prepare() throws(ClawPairError) {
        try CLibrary.libavahiCommon.require()
        _ = prepared
        // After `prepared`: the allocator is in place before libdns_sd allocates anything.
        try CLibrary.libdnssd.require()
    }

    /// A global `let` initializer runs exactly once (swift_once), so concurrent first calls
    /// are safe.
    private static let prepared: Bool = {
        silenceWarning()
        zeroFillAllocations()
        return true
    }()

    /// libdns_sd prints a multi-line "*** WARNING *** The program … uses the Apple Bonjour
    /// compatibility layer of Avahi" to stderr on its first call in every process, unless
    /// `AVAHI_COMPAT_NOWARN` is set by then (spec/discovery.md). An existing value is kept.
    private static func silenceWarning() {
        ProcessEnvironment.setIfUnset("AVAHI_COMPAT_NOWARN", to: "1")
    }

    /// Makes every Avahi allocation zero-filled.
    ///
    /// libdns_sd 0.8 (Debian 12) allocates a `DNSServiceRef` without clearing it and sets only
    /// the callback of its own kind. When avahi-daemon goes away, its client-failure handler
    /// calls the first callback pointer that is not NULL, so for a resolve or record query it
    /// may jump through uninitialised memory and crash the process (fixed upstream after 0.8
    /// by allocating with avahi_new0: avahi/avahi pull request 569). With this allocator the
    /// unused pointers are NULL and the failure reaches the right callback. It hands out libc
    /// memory (calloc, realloc, free), so blocks allocated before or after it was installed
    /// can be freed either way. Remove it once the distributions ship the fix.
    private static func zeroFillAllocations() {
        let allocator = UnsafeMutablePointer<AvahiAllocator>.allocate(capacity: 1)
        // Never freed: Avahi keeps the pointer ("The structure is not copied!").
        allocator.initialize(
            to: AvahiAllocator(
                malloc: { size in CMemory.allocateZeroed(count: 1, size: size) },
                free: { pointer in CMemory.free(pointer) },
                realloc: { pointer, size in CMemory.reallocate(pointer, size: size) },
                calloc: { count, size in CMemory.allocateZeroed(count: count, size: size) }))
        clawpair_avahi_set_allocator(allocator)
    }
}
