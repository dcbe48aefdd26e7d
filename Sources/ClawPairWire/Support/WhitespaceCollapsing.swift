extension StringProtocol {
    /// The text with every run of whitespace (Unicode's definition, so tabs, newlines and
    /// no-break spaces too) replaced by one space, and none at either end.
    public func collapsingWhitespace() -> String {
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(" ") }
                pendingSpace = false
                output.append(scalar)
            }
        }
        return String(output)
    }
}
