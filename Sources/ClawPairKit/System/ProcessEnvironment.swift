#if canImport(Glibc)
internal import Glibc
#endif

/// The process environment as a dictionary, read once at start-up (no Foundation needed).
public enum ProcessEnvironment {
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// One variable as it is now (`getenv`), for settings a C library reads itself at the
    /// time of its call (OpenSSL's `SSL_CERT_FILE`, libdbus's `DBUS_SYSTEM_BUS_ADDRESS`).
    package static func value(named name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets `name` to `value` unless it is set already (`setenv` without overwriting), for a
    /// C library that reads it later in this process.
    package static func setIfUnset(_ name: String, to value: String) {
        setenv(name, value, 0)
    }
}

/// The wall clock in Unix milliseconds.
public enum WallClock {
    public static func nowMs() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
