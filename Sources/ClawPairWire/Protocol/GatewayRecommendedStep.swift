/// `details.recommendedNextStep`; unknown values are kept.
public struct GatewayRecommendedStep: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let retryWithDeviceToken = Self(rawValue: "retry_with_device_token")
    public static let updateAuthConfiguration = Self(rawValue: "update_auth_configuration")
    public static let updateAuthCredentials = Self(rawValue: "update_auth_credentials")
    public static let waitThenRetry = Self(rawValue: "wait_then_retry")
    public static let reviewAuthConfiguration = Self(rawValue: "review_auth_configuration")
}
