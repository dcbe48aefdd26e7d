import Testing
@testable import ClawPairKit

@Suite struct ZBarLibraryTests {
    @Test func loadsTheSystemLibrary() throws {
        _ = try ZBarLibrary.load()
    }

    @Test func aMissingLibraryIsAnEnvironmentErrorThatSaysWhatToInstall() {
        #expect {
            _ = try ZBarLibrary(soname: "libzbar-absent.so.0")
        } throws: { error in
            guard let error = error as? ClawPairError else { return false }
            return error.code == .zbarUnavailable && error.code.category == .environment
                && error.remedy?.contains("libzbar0") == true
        }
    }
}
