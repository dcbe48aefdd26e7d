/// How much one image may cost before ``QRScanner`` gives up: a count of zbar passes,
/// the first (`direct`) included.
///
/// An image nothing can read used to run the whole plan, about 25 passes and 30–180 times the
/// cost of the first, where zbarimg stops after one. Measured on bench/corpus (issue 17, 404
/// images), with the plan ordered by cost per code found, the latest find is the 12th pass
/// (`rectified` on a 200–400 px image). 15 keeps every strategy that found a code there on
/// every image size, the rectified pair included: images under 200 px run direct, the negative,
/// mirror and two enlargements in both polarities, median and adaptive threshold in both and
/// the 45° turn before it. What the budget cuts (padding always; tone curves and the other
/// rotations on small images) found no code there that an earlier strategy had not. A count,
/// not a time, so a result never depends on the machine's load.
enum QRRetryBudget {
    /// zbar passes per image, the first included.
    static let passes = 15

    /// The strategies of `plan` the budget pays for, in plan order.
    static func affordable(_ plan: [QRScanStrategy], passes: Int = passes) -> [QRScanStrategy] {
        Array(plan.prefix(max(1, passes)))
    }
}
