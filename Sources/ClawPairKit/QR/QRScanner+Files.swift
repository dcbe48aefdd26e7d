import Synchronization

extension QRScanner {
    /// How many files ``scanFiles(_:maximumConcurrency:)`` scans at once by default: one per
    /// online CPU, since scanning is pure computation once a file is read.
    public static var defaultConcurrency: Int {
        ProcessorCount.online
    }

    /// Reads, decodes and scans every file in `paths`, several at a time.
    ///
    /// Each worker task owns one ``QRScanner`` (one zbar handle) and takes the next unscanned
    /// path until none are left, so a slow huge image doesn't hold up a batch of small ones.
    /// The work is CPU-bound and runs on the cooperative pool, one worker per core.
    ///
    /// - Returns: one result per path, in the order of `paths`: the symbols found (empty when
    ///   the image has no readable code), or the error reading or decoding that file (or
    ///   loading zbar). If the
    ///   calling task is cancelled, files not yet started fail with `.internalError`.
    public static func scanFiles(
        _ paths: [String], maximumConcurrency: Int = defaultConcurrency
    ) async -> [Result<[QRSymbol], ClawPairError>] {
        if paths.count < maximumConcurrency {
            // Fewer images than cores (`clawpair scan photo.png`): one image at a time, its
            // retries side by side on every core.
            var results: [Result<[QRSymbol], ClawPairError>] = []
            for path in paths {
                do throws(ClawPairError) {
                    let bytes = try FileIO.readAll(path: path)
                    results.append(.success(try await scan(imageBytes: bytes, lanes: maximumConcurrency)))
                } catch {
                    results.append(.failure(error))
                }
            }
            return results
        }
        let queue = WorkQueue()
        let workers = max(1, min(maximumConcurrency, paths.count))
        var results = [Result<[QRSymbol], ClawPairError>](
            repeating: .failure(ClawPairError(.internalError, "scan cancelled before this file was read")),
            count: paths.count
        )
        await withTaskGroup(of: [(Int, Result<[QRSymbol], ClawPairError>)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    let scanner = QRScanner()
                    var done: [(Int, Result<[QRSymbol], ClawPairError>)] = []
                    while !Task.isCancelled, let index = queue.take(below: paths.count) {
                        done.append((index, Result { () throws(ClawPairError) in
                            try scanner.scan(file: paths[index])
                        }))
                    }
                    return done
                }
            }
            for await batch in group {
                for (index, result) in batch { results[index] = result }
            }
        }
        return results
    }
}

/// Hands out indices 0, 1, 2… to the workers of one ``QRScanner/scanFiles(_:maximumConcurrency:)`` call.
private final class WorkQueue: Sendable {
    private let next = Atomic<Int>(0)

    /// The next index, or nil once `count` have been handed out.
    func take(below count: Int) -> Int? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }
}
