/// Opens libavahi-common and libavahi-client before the first Avahi call (`MDNSEventLoop.run`,
/// `SimAdvertiser.register`), or throws an environment error naming the package to install.
package enum AvahiLibraries {
    package static func require() throws(ClawPairError) {
        try CLibrary.libavahiCommon.require()
        try CLibrary.libavahiClient.require()
    }
}
