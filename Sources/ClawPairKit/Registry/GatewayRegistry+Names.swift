extension GatewayRegistry {
    /// Every entry's stable id and name, in the order they were added: what shell completion
    /// offers for an ID argument. One scan of one table, so completing stays as fast as
    /// starting the process.
    public func idsAndNames() throws(ClawPairError) -> [(id: GatewayID, name: String)] {
        try connection.read { () throws(ClawPairError) in
            try connection.statement("SELECT id, name FROM entries ORDER BY created_order").rows { (GatewayID(rawValue: $0.text(0)), $0.text(1)) }
        }
    }
}
