import Synchronization

/// Finds QR codes in images, including many that plain zbar misses.
///
/// First ``QRGridReader`` reads the image itself, in both polarities and mirrored: most
/// pictures hold one code it reads, and then libzbar is never loaded. Otherwise zbar scans
/// the image as given, and only when that finds nothing does the scanner retry, cheapest and
/// likeliest first: the negative (light-on-dark codes), a mirror image and enlargements for
/// small images, a shrunk copy of huge ones, noise and blur filters, then tone curves,
/// rotations and a white quiet zone. It stops at the first retry that finds a code, or when
/// ``QRRetryBudget`` is spent; each ``QRSymbol/strategy`` names that retry.
///
/// Not `Sendable`: it owns zbar scanners. Use one per task, or
/// ``scanFiles(_:maximumConcurrency:)`` for many files.
public final class QRScanner {
    /// Made when zbar is first needed, so an image the grid reader reads loads no libzbar.
    private var decoder: QRDecoder?
    /// Scans every second line, for the quick first passes on large images.
    private var sparseDecoder: QRDecoder?

    /// Creates a scanner; its zbar handles are made when a scan first needs zbar.
    public init() {}

    /// The QR codes in `image`, each payload once, from the first strategy that finds any.
    ///
    /// Returns an empty array when no strategy finds a code.
    ///
    /// - Throws: ``ClawPairError/Code/zbarUnavailable`` when zbar is needed and libzbar cannot be loaded.
    public func scan(_ image: GrayImage) throws(ClawPairError) -> [QRSymbol] {
        if let symbol = QRGridReader.read(image) { return [symbol] }
        let plan = QRScanStrategy.plan(
            width: image.width, height: image.height, darkBorder: image.borderMean() < 128
        )
        return try scan(image, plan: QRRetryBudget.affordable(plan))
    }

    /// The zbar scanner for `strategy`'s line density, made on first use.
    private func zbar(for strategy: QRScanStrategy) throws(ClawPairError) -> QRDecoder {
        if strategy.lineStep > 1 {
            if let sparseDecoder { return sparseDecoder }
            let made = try QRDecoder(density: strategy.lineStep)
            sparseDecoder = made
            return made
        }
        if let decoder { return decoder }
        let made = try QRDecoder()
        decoder = made
        return made
    }

    /// Decodes an image file's bytes (PNG, JPEG or PNM) and scans it.
    ///
    /// - Throws: the errors of ``ImageDecoder/decode(_:)``. Finding no code is not an error
    ///   here: the result is empty.
    public func scan(imageBytes: [UInt8]) throws(ClawPairError) -> [QRSymbol] {
        try scan(try ImageDecoder.decode(imageBytes))
    }

    /// Reads, decodes and scans the file at `path`.
    public func scan(file path: String) throws(ClawPairError) -> [QRSymbol] {
        try scan(imageBytes: FileIO.readAll(path: path))
    }

    /// Decodes an image file's bytes and scans it with `lanes` scanners at once (see
    /// ``scan(_:plan:lanes:)``): one photo gets every core, and the same result as ``scan(imageBytes:)``.
    public static func scan(imageBytes: [UInt8], lanes: Int) async throws(ClawPairError) -> [QRSymbol] {
        let image = try ImageDecoder.decode(imageBytes)
        if let symbol = QRGridReader.read(image) { return [symbol] }
        let plan = QRScanStrategy.plan(width: image.width, height: image.height, darkBorder: image.borderMean() < 128)
        return try await scan(image, plan: QRRetryBudget.affordable(plan), lanes: lanes)
    }

    /// Runs `plan` with zbar, in order, and returns the first non-empty result.
    func scan(_ image: GrayImage, plan: [QRScanStrategy]) throws(ClawPairError) -> [QRSymbol] {
        var cache = TransformCache(original: image)
        for strategy in plan {
            let candidate = cache.image(for: strategy.transforms)
            let payloads = try zbar(for: strategy).decode(candidate)
            if !payloads.isEmpty {
                return Self.unique(payloads, strategy: strategy.description)
            }
        }
        return []
    }

    /// Runs `plan` on `lanes` scanners at once and returns what the sequential
    /// ``scan(_:plan:)`` would: the result of the first strategy, in plan order, that finds a code.
    ///
    /// The retries are independent, so lanes take the next untried strategy until one finds
    /// a code; after that they skip every strategy later in the plan, and the strategies
    /// before it finish, so the earliest success wins whatever the timing. Each lane has its
    /// own zbar handle and transform cache.
    static func scan(
        _ image: GrayImage, plan: [QRScanStrategy], lanes: Int
    ) async throws(ClawPairError) -> [QRSymbol] {
        let first = QRScanner()
        guard lanes > 1, plan.count > 1 else { return try first.scan(image, plan: plan) }
        // Most images are read by the first strategy alone: a second lane would only burn a
        // core that a busy machine has better uses for. The lanes start with the second.
        let direct = try first.scan(image, plan: [plan[0]])
        if !direct.isEmpty { return direct }
        let scanners = [first] + (1..<min(lanes, plan.count - 1)).map { _ in QRScanner() }
        let progress = PlanProgress(first: 1)
        let found = await withTaskGroup(of: (Int, [QRSymbol])?.self) { group in
            for scanner in scanners {
                let lane = UncheckedLane(scanner: scanner)
                group.addTask { lane.scanner.runLane(image, plan: plan, progress: progress) }
            }
            var best: (Int, [QRSymbol])?
            for await result in group {
                if let result, result.0 < best?.0 ?? .max { best = result }
            }
            return best
        }
        return found?.1 ?? []
    }

    /// One lane of ``scan(_:plan:lanes:)``: its earliest success, with the plan index.
    private func runLane(_ image: GrayImage, plan: [QRScanStrategy], progress: PlanProgress) -> (Int, [QRSymbol])? {
        var cache = TransformCache(original: image)
        while let index = progress.next(below: plan.count) {
            let strategy = plan[index]
            let candidate = cache.image(for: strategy.transforms)
            // The direct pass loaded libzbar, so making a lane's handle cannot fail.
            guard let zbar = try? zbar(for: strategy) else { continue }
            let payloads = zbar.decode(candidate)
            if !payloads.isEmpty {
                progress.found(index)
                return (index, Self.unique(payloads, strategy: strategy.description))
            }
        }
        return nil
    }

    /// One symbol per distinct payload, in the order zbar reported them.
    static func unique(_ payloads: [[UInt8]], strategy: String) -> [QRSymbol] {
        var seen = Set<[UInt8]>()
        return payloads.compactMap { bytes in
            seen.insert(bytes).inserted ? QRSymbol(bytes: bytes, strategy: strategy) : nil
        }
    }
}

// MARK: Lanes

/// Which strategies of a plan the lanes of ``QRScanner/scan(_:plan:lanes:)`` have taken, and
/// the earliest that found a code.
private final class PlanProgress: Sendable {
    private let taken: Atomic<Int>
    private let earliestFound = Atomic<Int>(.max)

    /// Lanes start at strategy `first`; the ones before it have been tried.
    init(first: Int) {
        taken = Atomic(first)
    }

    /// The next strategy to try, or nil when the plan is done or an earlier one succeeded.
    func next(below count: Int) -> Int? {
        let index = taken.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count && index < earliestFound.load(ordering: .relaxed) ? index : nil
    }

    func found(_ index: Int) {
        earliestFound.min(index, ordering: .relaxed)
    }
}

/// Hands a scanner to the one child task that uses it: each lane owns its scanner alone,
/// which the compiler cannot see through a non-`Sendable` class.
private struct UncheckedLane: @unchecked Sendable {
    let scanner: QRScanner
}

// MARK: Transform cache

/// Remembers intermediate images so `upscaled-2` is computed once for both
/// `upscaled-2` and `upscaled-2+inverted`, and a huge image is shrunk once for all the
/// filters that run on the shrunk copy.
///
/// A plan that groups strategies by shared prefix needs only the few most recently used
/// chains, so the cache keeps four besides the original and drops the least recently used.
private struct TransformCache {
    private static let capacity = 4
    /// Entry 0 is the original image and is never dropped; the rest run oldest to newest use.
    private var entries: [(key: [QRScanStrategy.Transform], image: GrayImage)]

    init(original: GrayImage) {
        entries = [([], original)]
    }

    mutating func image(for transforms: [QRScanStrategy.Transform]) -> GrayImage {
        // Longest cached prefix, then apply the rest.
        var best = 0
        for (index, entry) in entries.enumerated()
        where entry.key.count > entries[best].key.count && transforms.starts(with: entry.key) {
            best = index
        }
        var image = entries[best].image
        let reused = entries[best].key.count
        if best > 0 { entries.append(entries.remove(at: best)) }
        for (offset, transform) in transforms.enumerated().dropFirst(reused) {
            image = transform.apply(to: image)
            remember(Array(transforms.prefix(offset + 1)), image)
        }
        return image
    }

    private mutating func remember(_ key: [QRScanStrategy.Transform], _ image: GrayImage) {
        if entries.count > Self.capacity { entries.remove(at: 1) }
        entries.append((key, image))
    }
}
