extension StringProtocol {
    /// The text with every run of whitespace (Unicode's definition, so tabs, newlines and
    /// no-break spaces too) replaced by one space, and none at either end.
    public func collapsingWhitespace() -> String {
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.isWhitespace {
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

extension Unicode.Scalar {
    /// Unicode's White_Space property, answered without the property table for ASCII: the
    /// table lookup dominated browsing a zone of a hundred gateways (ids are built from names).
    var isWhitespace: Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
}
