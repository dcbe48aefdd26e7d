import Testing
@testable import ClawPairKit

@Suite struct ZBarLoadingTests {
    @Test func loadsTheSystemLibrary() throws {
        try CLibrary.libzbar.require()
    }

    @Test func aMissingLibraryIsAnEnvironmentErrorThatSaysWhatToInstall() {
        #expect {
            try CLibrary.libzbar.check(soname: "libzbar-absent.so.0")
        } throws: { error in
            guard let error = error as? ClawPairError else { return false }
            return error.code == .zbarUnavailable && error.code.category == .environment
                && error.remedy?.contains("libzbar0") == true
        }
    }
}
