/// Seams for test executables (`package`, so not API and not in the shipped binary's
/// reach): `clawpair` itself runs without any.
package struct CLITestHooks: Sendable {
    /// Called inside each registry change's transaction with the change's name
    /// (``GatewayRegistry/insideTransactionHook``), so a test can stop a process there and
    /// kill it.
    package var insideRegistryTransaction: (@Sendable (String) -> Void)?

    package init(insideRegistryTransaction: (@Sendable (String) -> Void)? = nil) {
        self.insideRegistryTransaction = insideRegistryTransaction
    }
}
