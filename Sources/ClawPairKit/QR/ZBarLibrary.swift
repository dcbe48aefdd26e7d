internal import CZBar

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// libzbar, opened the first time a QR code is scanned instead of at every start: zbar
/// brings X11, xcb, v4l, D-Bus and more with it, and loading them was half of clawpair's
/// start-up for the commands that never scan. The one owner of the dlopen handle, which stays
/// open for the life of the process.
///
/// The function types are zbar.h's prototypes; the binary does not link zbar, so calling a
/// zbar function directly instead of through here fails at link time.
struct ZBarLibrary: @unchecked Sendable {  // Immutable function addresses after load.
    /// The soname of Debian's libzbar0.
    static let soname = "libzbar.so.0"

    let imageScannerCreate: @convention(c) () -> OpaquePointer?
    let imageScannerDestroy: @convention(c) (OpaquePointer?) -> Void
    let imageScannerSetConfig: @convention(c) (OpaquePointer?, zbar_symbol_type_t, zbar_config_t, Int32) -> Int32
    let imageCreate: @convention(c) () -> OpaquePointer?
    let imageDestroy: @convention(c) (OpaquePointer?) -> Void
    let imageSetFormat: @convention(c) (OpaquePointer?, UInt) -> Void
    let imageSetSize: @convention(c) (OpaquePointer?, UInt32, UInt32) -> Void
    /// The last argument is the cleanup handler; clawpair always passes nil.
    let imageSetData: @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt, UnsafeRawPointer?) -> Void
    let scanImage: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let imageFirstSymbol: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let symbolNext: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let symbolGetType: @convention(c) (OpaquePointer?) -> zbar_symbol_type_t
    let symbolGetData: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let symbolGetDataLength: @convention(c) (OpaquePointer?) -> UInt32

    /// The library, loaded once; the error of the first attempt sticks.
    static func load() throws(ClawPairError) -> ZBarLibrary { try loaded.get() }

    private static let loaded = Result { () throws(ClawPairError) in try ZBarLibrary(soname: soname) }

    init(soname: String) throws(ClawPairError) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw ClawPairError(
                .zbarUnavailable, "cannot load zbar (\(reason))",
                remedy: "install it: apt-get install libzbar0")
        }
        func function<T>(_ name: String) throws(ClawPairError) -> T {
            guard let address = dlsym(handle, name) else {
                throw ClawPairError(
                    .zbarUnavailable, "\(soname) has no \(name)", remedy: "install a zbar of version 0.10 or later")
            }
            return unsafeBitCast(address, to: T.self)
        }
        imageScannerCreate = try function("zbar_image_scanner_create")
        imageScannerDestroy = try function("zbar_image_scanner_destroy")
        imageScannerSetConfig = try function("zbar_image_scanner_set_config")
        imageCreate = try function("zbar_image_create")
        imageDestroy = try function("zbar_image_destroy")
        imageSetFormat = try function("zbar_image_set_format")
        imageSetSize = try function("zbar_image_set_size")
        imageSetData = try function("zbar_image_set_data")
        scanImage = try function("zbar_scan_image")
        imageFirstSymbol = try function("zbar_image_first_symbol")
        symbolNext = try function("zbar_symbol_next")
        symbolGetType = try function("zbar_symbol_get_type")
        symbolGetData = try function("zbar_symbol_get_data")
        symbolGetDataLength = try function("zbar_symbol_get_data_length")
    }
}
