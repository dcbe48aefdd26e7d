/// The outcomes of a connect attempt that are the sim's own (``SimAttempt/outcome``): how the
/// transport ended before or around `connect`. Refusals use the gateway's codes instead.
enum SimAttemptOutcome {
    static let ok = "OK"
    static let accessChallenge = "ACCESS_CHALLENGE"
    static let upgradeRejected = "UPGRADE_REJECTED"
    static let upgradeFailed = "UPGRADE_FAILED"
    /// No request arrived: the connection ended or broke, or the wait for `connect` ran out.
    static let noConnect = "NO_CONNECT"
    /// The first frame was not a `connect` request.
    static let notConnect = "NOT_CONNECT"
    static let frameTooLarge = "FRAME_TOO_LARGE"
    static let faultCloseMidHandshake = "FAULT_CLOSE_MID_HANDSHAKE"
    static let faultClose1008 = "FAULT_CLOSE_1008"
}
