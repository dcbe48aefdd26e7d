/// How much one image may cost before ``QRScanner`` gives up: a count of zbar passes,
/// the first (`direct`) included.
///
/// An image nothing can read used to run the whole plan, about 25 passes and 30–180 times the
/// cost of the first, where zbarimg stops after one. Measured on bench/corpus (issue 17, 404
/// images): every code the retries find is found within the first 15 strategies of its plan
/// once the plan is ordered by cost per code found, the last being `median+rectified` (15th
/// on images under 200 px: direct, the negative, mirror and enlargements in both polarities,
/// median and adaptive threshold in both, the 45° turn, the rectified pair). What the budget
/// cuts — tone curves, the other rotations, padding — found no code there that an earlier
/// strategy had not. A count, not a time, so a result never depends on the machine's load.
enum QRRetryBudget {
    /// zbar passes per image, the first included.
    static let passes = 15

    /// The strategies of `plan` the budget pays for, in plan order.
    static func affordable(_ plan: [QRScanStrategy], passes: Int = passes) -> [QRScanStrategy] {
        Array(plan.prefix(max(1, passes)))
    }
}
