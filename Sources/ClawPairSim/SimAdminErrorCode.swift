/// The admin endpoint's own codes for a request it refuses (`{"error":{"code":…}}`), named
/// once; a request it understood but could not serve carries its ``ClawPairError`` code.
enum SimAdminErrorCode {
    static let badRequest = "BAD_REQUEST"
    static let notFound = "NOT_FOUND"
    static let methodNotAllowed = "METHOD_NOT_ALLOWED"
    static let hostNotAllowed = "HOST_NOT_ALLOWED"
    static let originNotAllowed = "ORIGIN_NOT_ALLOWED"
    static let unsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE"
}
