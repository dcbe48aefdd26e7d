import Testing
@testable import ClawPairKit

@Suite struct CLibraryTests {
    static let all: [CLibrary] = [
        .libcrypto, .libssl, .libsqlite3, .libpng, .libjpeg, .libqrencode, .libavahiClient, .libavahiCommon, .libzbar, .libsodium,
    ]

    @Test func everyLibraryOfThisMachineCanBeRequired() throws {
        for library in Self.all { try library.require() }
        #expect(Self.all.map(\.soname) == [
            "libcrypto.so.3", "libssl.so.3", "libsqlite3.so.0", "libpng16.so.16", "libjpeg.so.62", "libqrencode.so.4",
            "libavahi-client.so.3", "libavahi-common.so.3", "libzbar.so.0", "libsodium.so.23",
        ])
    }

    @Test func aMissingFileIsAnEnvironmentErrorNamingThePackage() {
        #expect {
            try CLibrary.libpng.check(soname: "libpng-absent.so.16")
        } throws: { error in
            guard let error = error as? ClawPairError else { return false }
            return error.code == .libraryUnavailable && error.code.category == .environment
                && error.message.hasPrefix("cannot load libpng-absent.so.16 (")
                && error.remedy == "install it: apt-get install libpng16-16"
        }
    }

    /// libjpeg has none of libpng's functions: what a too-old libpng would look like.
    @Test func aLibraryWithoutAListedFunctionIsAnErrorNamingIt() {
        #expect {
            try CLibrary.libpng.check(soname: CLibrary.libjpeg.soname)
        } throws: { error in
            guard let error = error as? ClawPairError else { return false }
            return error.code == .libraryUnavailable && error.message.hasPrefix("libjpeg.so.62 has no function png_")
                && error.remedy == "install a current libpng16-16: apt-get install libpng16-16"
        }
    }

    /// A check opens its own handle and keeps nothing, failed or not.
    @Test func aFailedCheckLeavesTheLibraryUsable() throws {
        #expect(throws: ClawPairError.self) { try CLibrary.libqrencode.check(soname: "libqrencode-absent.so.4") }
        try CLibrary.libqrencode.check(soname: CLibrary.libqrencode.soname)
        try CLibrary.libqrencode.require()
    }
}
