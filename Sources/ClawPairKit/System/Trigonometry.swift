#if canImport(Glibc)
    internal import Glibc
#endif

/// The C library's sine and cosine: the Swift standard library has none (swift-numerics,
/// which does, is a package this project cannot fetch).
package enum Trigonometry {
    package static func sine(_ radians: Double) -> Double { sin(radians) }
    package static func cosine(_ radians: Double) -> Double { cos(radians) }
}
