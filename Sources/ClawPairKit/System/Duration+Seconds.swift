extension Duration {
    /// Seconds as a user reads them in a message: `30`, `0.5`.
    var secondsText: String {
        let (seconds, attoseconds) = components
        return attoseconds == 0 ? "\(seconds)" : String(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
