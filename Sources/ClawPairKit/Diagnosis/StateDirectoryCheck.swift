/// Is the state directory safe: 0700, owned by this user, files 0600? Read-only: a missing
/// directory is fine when it can be created on first use.
enum StateDirectoryCheck {
    /// Up to this many loose paths are named in a `chmod` remedy; more get a `find` command.
    static let maximumListedPaths = 5

    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        do throws(ClawPairError) {
            let directory = try StateDirectory.resolve(home: inputs.homeOption, environment: inputs.environment)
            return evaluate(StateDirectoryInspection.inspect(directory), userID: inputs.userID)
        } catch {
            return MachineCheck(id: .stateDirectory, status: .fail, detail: error.message, remedy: error.remedy)
        }
    }

    static func evaluate(_ inspection: StateDirectoryInspection, userID: UInt32) -> MachineCheck {
        let directory = inspection.directory
        let path = directory.path
        let quoted = ShellQuoting.quote(path)
        let elsewhere = "or point --home or \(StateDirectory.environmentVariable) at another directory"
        let origin = " (\(originText(directory.source)))"
        switch inspection.state {
        case .missing(let ancestor, let creatable):
            guard creatable else {
                return MachineCheck(
                    id: .stateDirectory, status: .fail,
                    detail: "\(path)\(origin) does not exist and cannot be created: \(ancestor) is not a writable directory",
                    remedy: "mkdir -p -m 700 \(quoted) as a user who can write \(ShellQuoting.quote(ancestor)) (then chown it to uid \(userID)), \(elsewhere)"
                )
            }
            return MachineCheck(
                id: .stateDirectory, status: .ok,
                detail: "\(path)\(origin) does not exist yet; it will be created on first use (mode 0700)"
            )
        case .notADirectory:
            return MachineCheck(
                id: .stateDirectory, status: .fail, detail: "\(path)\(origin) is not a directory",
                remedy: "move \(quoted) away, \(elsewhere)"
            )
        case .inaccessible(let reason):
            return MachineCheck(
                id: .stateDirectory, status: .fail, detail: "cannot look at \(path)\(origin): \(reason)",
                remedy: "check the permissions of its parent directories (namei -l \(quoted)), \(elsewhere)"
            )
        case .present(let metadata, let entries, let truncated, let unreadable):
            var problems: [String] = []
            var remedies: [String] = []
            let foreign = ([metadata] + entries.map(\.metadata)).filter { $0.ownerID != userID }
            if let owner = foreign.first?.ownerID {
                problems.append(
                    metadata.ownerID != userID
                        ? "owned by uid \(metadata.ownerID), not by this user (uid \(userID))"
                        : "\(foreign.count) entr\(foreign.count == 1 ? "y" : "ies") owned by uid \(owner), not by this user (uid \(userID))"
                )
                remedies.append("\(userID == 0 ? "" : "sudo ")chown -R \(userID) \(quoted)")
            }
            let mode = metadata.permissions & 0o777
            if mode != StateDirectory.directoryMode {
                problems.append("mode \(octal(mode)) instead of 0700")
                remedies.append("chmod 700 \(quoted)")
            }
            let looseFiles = entries.filter { $0.metadata.kind == .regularFile && $0.metadata.permissions & 0o077 != 0 }
            if !looseFiles.isEmpty {
                problems.append(describe(looseFiles, what: "file", expected: "0600"))
                remedies.append(command(mode: "600", type: "f", paths: looseFiles.map(\.path), in: quoted))
            }
            let looseDirectories = entries.filter { $0.metadata.kind == .directory && $0.metadata.permissions & 0o077 != 0 }
            if !looseDirectories.isEmpty {
                problems.append(describe(looseDirectories, what: "directory", expected: "0700"))
                remedies.append(command(mode: "700", type: "d", paths: looseDirectories.map(\.path), in: quoted))
            }
            var notes: [String] = []
            if !unreadable.isEmpty { notes.append("could not list \(unreadable.joined(separator: ", "))") }
            if truncated { notes.append("stopped after \(StateDirectoryInspection.maximumEntries) entries or \(StateDirectoryInspection.maximumDepth) levels") }
            let noteText = notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")
            guard problems.isEmpty else {
                return MachineCheck(
                    id: .stateDirectory, status: .warn,
                    detail: "\(path)\(origin): " + problems.joined(separator: "; ") + noteText,
                    remedy: remedies.joined(separator: " && ")
                )
            }
            let files = entries.filter { $0.metadata.kind == .regularFile }.count
            let fileText = files == 0 ? "no files yet" : files == 1 ? "1 file, 0600 or stricter" : "\(files) files, all 0600 or stricter"
            return MachineCheck(
                id: .stateDirectory, status: .ok,
                detail: "\(path)\(origin): mode 0700, owned by this user, \(fileText)\(noteText)"
            )
        }
    }

    private static func originText(_ source: StateDirectory.Source) -> String {
        switch source {
        case .option: "from --home"
        case .environment: "from \(StateDirectory.environmentVariable)"
        case .xdgDataHome: "from XDG_DATA_HOME"
        case .home: "the default"
        }
    }

    private static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func describe(_ entries: [StateDirectoryInspection.Entry], what: String, expected: String) -> String {
        let plural = what == "directory" ? "directories" : what + "s"
        let named = entries.prefix(maximumListedPaths).map { "\($0.path) (\(octal($0.metadata.permissions & 0o777)))" }
        let more = entries.count > maximumListedPaths ? " and \(entries.count - maximumListedPaths) more" : ""
        return "\(entries.count) \(entries.count == 1 ? what : plural) not \(expected): " + named.joined(separator: ", ") + more
    }

    private static func command(mode: String, type: String, paths: [String], in quotedDirectory: String) -> String {
        if paths.count <= maximumListedPaths {
            return "chmod \(mode) " + paths.map(ShellQuoting.quote).joined(separator: " ")
        }
        let depth = type == "d" ? " -mindepth 1" : ""
        return "find \(quotedDirectory)\(depth) -type \(type) -exec chmod \(mode) {} +"
    }
}
