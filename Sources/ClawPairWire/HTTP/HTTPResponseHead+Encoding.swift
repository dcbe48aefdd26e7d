extension HTTPResponseHead {
    /// The head's bytes as a server writes them: status line, fields, empty line. Fields
    /// whose name is not a token or whose value holds CR, LF or another control byte are
    /// refused, so untrusted text cannot inject a field.
    public func encoded() throws(HTTPWireError) -> [UInt8] {
        guard (100...599).contains(status) else {
            throw HTTPWireError(.invalidStatusLine, "status \(status) is not 100–599")
        }
        guard reason.utf8.allSatisfy(HTTPToken.isFieldValueByte) else {
            throw HTTPWireError(.invalidStatusLine, "the reason phrase holds a control byte")
        }
        var output = Array("\(version) \(status) \(reason)\r\n".utf8)
        for (name, value) in headers {
            guard HTTPToken.isToken(name) else {
                throw HTTPWireError(.invalidHeaderName, "the field name \(name.debugDescription) is not a token")
            }
            guard value.utf8.allSatisfy(HTTPToken.isFieldValueByte) else {
                throw HTTPWireError(.invalidHeaderValue, "the value of \(name) holds CR, LF or another control byte")
            }
            output += "\(name): \(value)\r\n".utf8
        }
        output += "\r\n".utf8
        return output
    }
}
