/// Reads every interface's `flags` and `operstate` from sysfs (`/sys/class/net/<name>/`).
enum NetworkInterfaceReader {
    /// The interfaces under `sysfsPath`, sorted by name. Entries without a readable,
    /// parseable `flags` file (e.g. `bonding_masters`) are left out; a missing `operstate`
    /// reads as `unknown`. Throws when the directory cannot be listed.
    static func interfaces(sysfsPath: String) throws(ClawPairError) -> [NetworkInterfaceStatus] {
        var result: [NetworkInterfaceStatus] = []
        for name in try DirectoryListing.names(at: sysfsPath).sorted() {
            let base = sysfsPath + "/" + name
            guard let flagBytes = try? FileIO.readAll(path: base + "/flags"),
                let flags = InterfaceFlags(sysfsText: String(decoding: flagBytes, as: UTF8.self))
            else { continue }
            let state = (try? FileIO.readAll(path: base + "/operstate"))
                .map { InterfaceOperationalState(sysfsText: String(decoding: $0, as: UTF8.self)) } ?? .unknown
            result.append(NetworkInterfaceStatus(name: name, flags: flags, operationalState: state))
        }
        return result
    }
}
