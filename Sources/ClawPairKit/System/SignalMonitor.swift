internal import Glibc
import Synchronization

/// SIGINT and SIGTERM, turned into something a long-running command can await.
///
/// `start()` installs a handler that writes the signal number into a pipe (the only thing a
/// handler may safely do) and starts one thread that reads the pipe. While a command waits
/// in `nextTermination()`, a signal resumes it, so a `--watch` loop can end cleanly and exit
/// 0. With no one waiting, the signal takes its default action and ends the process (the
/// shell sees 128 + signal), so Ctrl-C still stops every other command at once. (Blocking the signals and `sigwait`ing
/// does not work here: the runtime resets the main thread's mask after `main` starts.)
public enum SignalMonitor {
    /// Who the next SIGINT or SIGTERM goes to; each is called once.
    private static let waiters = Mutex<[@Sendable (Int32) -> Void]>([])
    private static let started = Atomic<Bool>(false)
    private static let hangupSinks = Mutex<[AsyncStream<Void>.Continuation]>([])
    /// Calls of ``withDefaultAction(_:)`` under way.
    private static let defaultActionDepth = Atomic<Int>(0)

    /// Runs `body` (a blocking prompt, which no cancellation reaches) with SIGINT and SIGTERM
    /// taking their default action even while a command waits for them: Ctrl-C at a prompt
    /// still ends the process at once.
    public static func withDefaultAction<T>(_ body: () throws -> T) rethrows -> T {
        defaultActionDepth.add(1, ordering: .relaxed)
        defer { defaultActionDepth.subtract(1, ordering: .relaxed) }
        return try body()
    }

    public static func start() {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        guard let ends = try? Syscalls.pipe() else { return }  // no pipe: default actions stay
        signalPipeWriteEnd.store(ends.writing, ordering: .relaxed)
        let readEnd = ends.reading
        do {
            try Syscalls.spawnDetachedThread { deliverSignals(from: readEnd) }
        } catch {
            return  // without the reader, leave the default actions in place
        }
        for signal in [SIGINT, SIGTERM] { installForwardingHandler(signal) }
    }

    /// Writes the signal number into the pipe the reader thread reads.
    private static func installForwardingHandler(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    /// Every SIGHUP from now on (the daemon re-reads its configuration on one). After
    /// ``start()``; SIGHUP no longer ends the process once this was called.
    public static func hangups() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        hangupSinks.withLock { $0.append(continuation) }
        if started.load(ordering: .relaxed) { installForwardingHandler(SIGHUP) }
        return stream
    }

    /// Waits for SIGINT or SIGTERM and returns its number. Cancellation is not awaited:
    /// callers race this against their work in a task group.
    public static func nextTermination() async -> Int32 {
        await withCheckedContinuation { continuation in
            onNextTermination { continuation.resume(returning: $0) }
        }
    }

    /// Calls `handler` with the next SIGINT or SIGTERM. Registered before this returns, so a
    /// signal right after it can no longer take the default action.
    public static func onNextTermination(_ handler: @escaping @Sendable (Int32) -> Void) {
        waiters.withLock { $0.append(handler) }
    }

    /// Like ``nextTermination()``, calling `onWaiting` as soon as the wait is registered: a
    /// command that announces it is ready (`clawpair sim`) does so only once a SIGTERM can
    /// no longer take the default exit.
    public static func nextTermination(onWaiting: @Sendable () -> Void) async -> Int32 {
        await withCheckedContinuation { continuation in
            onNextTermination { continuation.resume(returning: $0) }
            onWaiting()
        }
    }

    private static func deliverSignals(from readEnd: Int32) {
        while true {
            var byte: UInt8 = 0
            let count = read(readEnd, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return }
            let signal = Int32(byte)
            if signal == SIGHUP {
                hangupSinks.withLock { sinks in for sink in sinks { sink.yield() } }
                continue
            }
            if defaultActionDepth.load(ordering: .relaxed) > 0 { takeDefaultAction(signal) }
            let pending = waiters.withLock { waiting in
                defer { waiting.removeAll() }
                return waiting
            }
            if pending.isEmpty { takeDefaultAction(signal) }
            for waiter in pending { waiter(signal) }
        }
    }

    /// What the signal would have done without ``start()``: its handler reset to SIG_DFL and
    /// the signal sent again, to the process (this thread may have it blocked).
    private static func takeDefaultAction(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = nil  // SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        kill(getpid(), signal)
    }
}

/// The pipe's write end, read by the signal handler (a C function: it can't capture).
private let signalPipeWriteEnd = Atomic<Int32>(-1)
