/// `clawpair access login`: the sign-in of spec/cloudflare-access.md, from the challenge check
/// to a verified session — challenge check, application discovery (metadata JWT, issuer,
/// JWKS, RS256), a fresh X25519 key pair, the sign-in page, the transfer poll, the NaCl box,
/// the app token's signature and claims, and `get-identity`.
///
/// Nothing is stored here: the caller stores the returned session (and only a verified one).
/// The key pair lives for one attempt and its secret half is wiped when the attempt ends.
public struct AccessLogin: Sendable {
    public enum Outcome: Sendable {
        /// The origin answered without a challenge: no sign-in is needed.
        case notRequired
        /// No challenge with the entry's service-token headers: Access accepted them.
        case serviceTokenAccepted
        /// A verified session.
        case signedIn(AccessSession)
    }

    /// What the login is doing, for progress output.
    public enum Event: Sendable {
        /// The sign-in page to open; the caller opens it (or prints it).
        case signInReady(url: String)
        /// The transfer service was polled `polls` times, `elapsed` after the page was opened.
        case waiting(elapsed: Duration, polls: Int)
        /// The transfer arrived; verifying.
        case transferReceived
    }

    public static let identityPath = "/cdn-cgi/access/get-identity"
    public static let keysPath = "/cdn-cgi/access/certs"
    /// A failed verification refetches the issuer's keys once, when they are this old (ms).
    public static let keysRefetchAgeMs: Int64 = 60_000

    public var client: HTTPSClient
    /// The transfer service's base URL (`$CLAWPAIR_ACCESS_TRANSFER_URL`).
    public var transferServiceURL: String
    /// Unix milliseconds; a test seam.
    public var nowMs: @Sendable () -> Int64 = { WallClock.nowMs() }
    /// Where issuers' keys are kept between sign-ins; nil: fetched every time.
    public var keyCache: AccessKeyCache?

    public init(client: HTTPSClient, transferServiceURL: String = AccessTransferPoll.defaultServiceURL) {
        self.client = client
        self.transferServiceURL = transferServiceURL
    }

    /// Signs in to the Access application in front of `gatewayURL` (a `wss`/`https` URL),
    /// sending `headers` (the entry's custom headers: service tokens) on the challenge check.
    /// `onEvent` hears each step; after ``Event/signInReady(url:)`` the poll starts at once,
    /// so the caller opens the page from there. Throws the step's ``ClawPairError``.
    public func run(
        gatewayURL: String, headers: HTTPHeaders = HTTPHeaders(), onEvent: @Sendable (Event) async -> Void
    ) async throws -> Outcome {
        guard let origin = AccessOrigin(url: gatewayURL), let url = Self.httpsURL(gatewayURL) else {
            throw ClawPairError(.usage, "Cloudflare Access needs an https or wss URL without userinfo, query or fragment")
        }
        // 1. The challenge check, with the service token if the entry has one.
        let check = try await client.send(.get, url, headers: headers)
        guard AccessChallenge.detect(origin: origin, head: check.head) != nil else {
            let hasServiceToken = headers.contains(name: "CF-Access-Client-Id")
            return hasServiceToken ? .serviceTokenAccepted : .notRequired
        }

        // 2–4. The application, its issuer and keys.
        var metadataHeaders = HTTPHeaders()
        metadataHeaders.add(name: AccessApplication.metadataRequestHeader, value: "true")
        let metadataResponse = try await client.send(.head, url, headers: metadataHeaders)
        guard metadataResponse.head.status == 200, let metadataText = metadataResponse.head.headers.first(name: AccessApplication.metadataHeader)
        else {
            throw ClawPairError(
                .accessMetadataInvalid,
                "\(origin) answered the metadata request with \(metadataResponse.head.status) and no \(AccessApplication.metadataHeader)")
        }
        let metadata = try JSONWebToken(metadataText, what: "the Access metadata JWT")
        let application = try AccessApplication(metadata: metadata, origin: origin, nowSeconds: nowMs() / 1000)
        var keys = try await IssuerKeys.load(application.issuer, client: client, cache: keyCache, nowMs: nowMs)
        try await keys.verify(metadata, what: "the Access metadata JWT")

        // Session transfer.
        let keyPair = try NaClBoxKeyPair()
        let publicKey = StrictBase64.encode(keyPair.publicKey, .urlPadded)
        await onEvent(.signInReady(url: AccessSignInURL.url(origin: origin, publicKey: publicKey, audience: application.audience)))
        let body = try await poll(publicKey: publicKey, onEvent: onEvent)
        await onEvent(.transferReceived)
        let envelope = try AccessTransferEnvelope(body: body.body, servicePublicKey: body.head.headers.first(name: AccessTransferEnvelope.serviceKeyHeader))
        let tokenText = try AccessTransferEnvelope.appToken(plaintext: try keyPair.open(envelope))

        // The app token: signature, claims, then proof with get-identity.
        let token = try JSONWebToken(tokenText, what: "the Access app token")
        try await keys.verify(token, what: "the Access app token")
        let claims = try AccessAppToken(token, application: application, nowSeconds: nowMs() / 1000)
        try await confirmIdentity(origin: origin, token: tokenText, subject: claims.subject)
        return .signedIn(
            AccessSession(
                origin: origin.description, token: Secret(tokenText), issuer: application.issuer, audience: application.audience,
                subject: claims.subject, expiresAtMs: claims.expiresAt &* 1000))
    }

    /// Polls the transfer service within its budget; returns the response holding the envelope.
    func poll(publicKey: String, onEvent: @Sendable (Event) async -> Void) async throws -> HTTPResponse {
        let url = AccessTransferPoll.url(base: transferServiceURL, publicKey: publicKey)
        let start = ContinuousClock.now
        let end = start + .seconds(AccessTransferPoll.totalBudgetSeconds)
        for poll in 1...AccessTransferPoll.maximumPolls {
            let remaining = end - .now
            guard remaining > .zero else { break }
            let timeout = min(.seconds(AccessTransferPoll.requestTimeoutSeconds), remaining)
            var response: HTTPResponse?
            do {
                response = try await client.send(.get, url, timeout: timeout, bodyLimit: AccessTransferPoll.maximumBodyBytes)
            } catch let error as ClawPairError where error.code == .accessTimedOut {
                response = nil  // A long poll that ran out: still pending.
            }
            if let response {
                switch AccessTransferPoll.classify(status: response.head.status, body: response.body) {
                case .ready: return response
                case .pending: break
                case .abort:
                    throw ClawPairError(
                        .accessTransferFailed, "the transfer service answered \(response.head.status) (a redirect): sign-in aborted",
                        remedy: "run `clawpair access login` again")
                case .failed:
                    throw ClawPairError(
                        .accessTransferFailed, "the transfer service failed with \(response.head.status)",
                        remedy: "try again later, or check \(HTTPSClient.display(transferServiceURL))")
                }
            }
            await onEvent(.waiting(elapsed: .now - start, polls: poll))
            guard poll < AccessTransferPoll.maximumPolls else { break }
            try await Task.sleep(for: .seconds(AccessTransferPoll.intervalSeconds))
        }
        throw ClawPairError(
            .accessTransferTimedOut,
            "no sign-in arrived within \(AccessTransferPoll.maximumPolls) polls or \(AccessTransferPoll.totalBudgetSeconds) s",
            remedy: "finish signing in in the browser, then run `clawpair access login` again")
    }

    /// `get-identity` with the token as the `CF_Authorization` cookie must name `subject`.
    func confirmIdentity(origin: AccessOrigin, token: String, subject: String) async throws {
        var headers = HTTPHeaders()
        headers.add(name: "Cookie", value: "CF_Authorization=" + token)
        let response = try await client.send(.get, origin.description + Self.identityPath, headers: headers)
        guard response.head.status == 200 else {
            throw ClawPairError(.accessIdentityMismatch, "\(origin) answered get-identity with \(response.head.status), not 200")
        }
        guard let identity = try? JSONParser.parse(response.body), identity["user_uuid"]?.stringValue == subject else {
            throw ClawPairError(.accessIdentityMismatch, "get-identity at \(origin) names another user than the token's subject")
        }
    }

    /// The https URL of a `wss`/`https` gateway URL.
    static func httpsURL(_ url: String) -> String? {
        if url.hasPrefix("https://") { return url }
        if url.hasPrefix("wss://") { return "https://" + url.dropFirst("wss://".count) }
        return nil
    }
}

/// An issuer's signing keys: from the cache when younger than a day, else fetched; fetched
/// again (once) when a token names a key they lack or fails with them and they are at least
/// ``AccessLogin/keysRefetchAgeMs`` old (key rotation).
struct IssuerKeys {
    let issuer: String
    let client: HTTPSClient
    let cache: AccessKeyCache?
    let nowMs: @Sendable () -> Int64
    var keys: AccessSigningKeys
    var fetchedAtMs: Int64
    var refetched = false

    static func load(
        _ issuer: String, client: HTTPSClient, cache: AccessKeyCache?, nowMs: @escaping @Sendable () -> Int64
    ) async throws -> IssuerKeys {
        let (keys, fetchedAtMs) = if let cached = cache?.load(issuer, nowMs: nowMs()) { cached } else {
            try await fetch(issuer, client: client, cache: cache, nowMs: nowMs())
        }
        return IssuerKeys(issuer: issuer, client: client, cache: cache, nowMs: nowMs, keys: keys, fetchedAtMs: fetchedAtMs)
    }

    /// `<issuer>/cdn-cgi/access/certs`, at most 1 MiB, no redirects; kept in `cache`.
    static func fetch(
        _ issuer: String, client: HTTPSClient, cache: AccessKeyCache?, nowMs: Int64
    ) async throws -> (keys: AccessSigningKeys, fetchedAtMs: Int64) {
        let response = try await client.send(.get, issuer + AccessLogin.keysPath, bodyLimit: AccessSigningKeys.maximumBytes)
        guard response.head.status == 200 else {
            throw ClawPairError(.accessKeysInvalid, "\(issuer) answered the key request with \(response.head.status)")
        }
        let keys = try AccessSigningKeys(json: response.body)
        cache?.store(issuer, jwks: response.body, nowMs: nowMs)
        return (keys, nowMs)
    }

    /// Checks `token`'s RS256 signature; throws `ACCESS_TOKEN_INVALID` or `ACCESS_KEYS_INVALID`.
    mutating func verify(_ token: JSONWebToken, what: String) async throws {
        while true {
            do {
                let key = try keys.key(for: token.keyID)
                guard try RS256Verifier.verify(signature: token.signature, of: token.signingInput, key: key) else {
                    throw ClawPairError(.accessTokenInvalid, "\(what) has a signature that does not verify with \(issuer)'s key")
                }
                return
            } catch {
                guard !refetched, nowMs() - fetchedAtMs >= AccessLogin.keysRefetchAgeMs else { throw error }
                refetched = true
                (keys, fetchedAtMs) = try await Self.fetch(issuer, client: client, cache: cache, nowMs: nowMs())
            }
        }
    }
}
