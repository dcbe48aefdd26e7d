import Glibc

/// Runs `body` with posix_spawn attributes that give the child an empty signal mask and
/// every signal at its default: the test runner blocks or ignores signals that the daemons,
/// `--watch` and the sim must see (SIGTERM, SIGINT, SIGCHLD).
public func withCleanSpawnAttributes<R>(_ body: (UnsafePointer<posix_spawnattr_t>) throws -> R) rethrows -> R {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return try body(&attributes)
}
