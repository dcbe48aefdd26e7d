/// The mDNS instances recent browses announced, kept in the state directory
/// (`mdns-recent.json`) so the next browse can resolve them while avahi-daemon's answer to
/// the browse itself is still on its way (``MDNSServiceTable/expect(_:until:)``); one the
/// browse does not see in time is forgotten. Only a hint: nothing is reported from it, a
/// missing or unreadable file is an empty list, and failing to write it never fails a
/// browse.
public struct MDNSRecentInstances: Sendable, Hashable {
    public static let fileName = "mdns-recent.json"
    /// Enough for the gateways of a home or an office; each costs a resolve at start.
    static let limit = 8

    public let directory: StateDirectory

    public init(directory: StateDirectory) {
        self.directory = directory
    }

    func load() -> [MDNSInstanceKey] {
        guard let bytes = try? FileIO.readAll(path: directory.appending(Self.fileName)),
            case .array(let items)? = try? JSONParser.parse(bytes)
        else { return [] }
        return items.prefix(Self.limit).compactMap { item in
            guard let name = item["name"]?.stringValue, let type = item["type"]?.stringValue,
                let domain = item["domain"]?.stringValue, case .integer(let index)? = item["interface"],
                let interfaceIndex = UInt32(exactly: index)
            else { return nil }
            return MDNSInstanceKey(name: name, serviceType: type, domain: domain, interfaceIndex: interfaceIndex)
        }
    }

    /// Puts `announced` first, then the rest of `known`, and writes the list if it changed.
    /// Returns the list now known.
    func remember(_ announced: [MDNSInstanceKey], known: [MDNSInstanceKey]) -> [MDNSInstanceKey] {
        var list = announced
        for key in known where !list.contains(key) { list.append(key) }
        return save(Array(list.prefix(Self.limit)), known: known)
    }

    /// Removes `gone` from `known` and writes the list if it changed. Returns the list now
    /// known.
    func forget(_ gone: Set<MDNSInstanceKey>, known: [MDNSInstanceKey]) -> [MDNSInstanceKey] {
        save(known.filter { !gone.contains($0) }, known: known)
    }

    private func save(_ list: [MDNSInstanceKey], known: [MDNSInstanceKey]) -> [MDNSInstanceKey] {
        guard list != known else { return known }
        let json = JSONValue.array(
            list.map { key in
                .object([
                    ("name", .string(key.name)), ("type", .string(key.serviceType)), ("domain", .string(key.domain)),
                    ("interface", .integer(Int64(key.interfaceIndex))),
                ])
            })
        // Not synced: losing the hint in a crash costs one slower browse.
        try? directory.ensure()
        try? FileIO.writeFile(Array(json.serialized().utf8), to: directory.appending(Self.fileName), synced: false)
        return list
    }
}
