#if canImport(Glibc)
    internal import Glibc
#endif

/// How many CPUs this machine has online.
package enum ProcessorCount {
    /// `sysconf(_SC_NPROCESSORS_ONLN)`; at least 1, even when the count is unknown.
    package static var online: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
