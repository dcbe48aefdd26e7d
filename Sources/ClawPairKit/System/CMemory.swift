#if canImport(Glibc)
    internal import Glibc
#endif

/// The C library's heap and `memcmp`, for C libraries that take an allocator (Avahi) and
/// for byte comparisons on hot paths.
package enum CMemory {
    /// `calloc`: `count` × `size` zeroed bytes, freed with ``free(_:)``.
    package static func allocateZeroed(count: Int, size: Int) -> UnsafeMutableRawPointer? { calloc(count, size) }

    /// `realloc`.
    package static func reallocate(_ pointer: UnsafeMutableRawPointer?, size: Int) -> UnsafeMutableRawPointer? {
        realloc(pointer, size)
    }

    /// `free`.
    package static func free(_ pointer: UnsafeMutableRawPointer?) { Glibc.free(pointer) }

    /// Whether `count` bytes at `first` and `second` are the same (`memcmp`, which beats a
    /// generic element-by-element loop on the registry listing's many short comparisons).
    @inline(__always)
    package static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(first, second, count) == 0
    }
}
