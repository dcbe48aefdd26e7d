extension Duration {
    /// Seconds as a user reads them in a message: `30`, `0.5`.
    var secondsText: String {
        let (seconds, attoseconds) = components
        return attoseconds == 0 ? "\(seconds)" : String(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Whole milliseconds (rounded toward zero): for poll(2), Unix-ms deadlines and logs.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// ``secondsText`` to a tenth of a second: a bound a command's deadline shortened by a
    /// few microseconds reads as the bound the user gave (`1`, not `0.99998`).
    var roundedSecondsText: String {
        Duration.milliseconds((self / .milliseconds(100)).rounded() * 100).secondsText
    }
}
