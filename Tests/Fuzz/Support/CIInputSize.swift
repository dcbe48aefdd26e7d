// Shared by the fuzz targets: Tests/Fuzz/run-target compiles Tests/Fuzz/Support/ into each.

/// CI's -max_len (run-target's default). Inputs up to it meet a target's small limits, chosen
/// so the fuzzer reaches every one of them; longer inputs (Tests/Fuzz/long-run, -max_len at the
/// parser's cap) meet the product's limits, so what is slow within those shows as a slow unit.
let ciMaximumInputBytes = 4096
