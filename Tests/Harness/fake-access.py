#!/usr/bin/env python3
"""A fake Cloudflare Access for clawpair's tests, written from spec/cloudflare-access.md and
independent of the client: the edge in front of a gateway (challenge, metadata JWT,
get-identity, and behind it a WebSocket that sends connect.challenge), the issuer's JWKS, and
the session-transfer service, which seals the app token with PyNaCl. One HTTPS server on
ADDRESS:443 answers for every name by its Host header, with a certificate from a CA it makes.

  fake-access.py serve DIR ADDRESS   writes DIR/ca.pem, then DIR/ready when listening
  fake-access.py browse URL          the "browser": signs the user in for URL's transfer key
                                     (at $FAKE_ACCESS_ADDRESS, trusting $SSL_CERT_FILE) and
                                     appends URL to $FAKE_ACCESS_BROWSER_LOG

Control (any host): POST /__admin/mode/NAME sets a fault (below; "none" clears), POST
/__admin/signin?token=PUB marks a transfer ready, POST /__admin/revoke refuses issued tokens,
GET /__admin/seen lists {path, token, serviceToken} of the edge's requests, GET
/__admin/ready-at maps each signed-in key to the Unix time it became ready (bench/access-login).
Faults: tamper short alphabet key-unpadded key-standard transfer-302 transfer-500 never
expired not-yet wrong-aud wrong-iss wrong-type hs256 foreign-kid big-jwks big-body
metadata-host metadata-iat evil-issuer identity-mismatch.
"""
import base64, datetime, hashlib, http.client, http.server, json, os, socket, ssl, sys, threading, time, urllib.parse

GATEWAY, TEAM, TRANSFER = "gw.access.test", "team.cloudflareaccess.com", "login.access.test"
AUD, SUBJECT, KID = "aud-7f3a", "user-uuid-1", "key-1"
SERVICE_ID, SERVICE_SECRET = "svc.access", "svc-secret-9"


def b64url(data, pad=False):
    text = base64.urlsafe_b64encode(data).decode()
    return text if pad else text.rstrip("=")


def browse(url):
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    with open(os.environ["FAKE_ACCESS_BROWSER_LOG"], "a") as log:
        log.write(url + "\n")
    context = ssl.create_default_context(cafile=os.environ["SSL_CERT_FILE"])
    connection = http.client.HTTPSConnection(TRANSFER, 443, context=context)
    raw = socket.create_connection((os.environ["FAKE_ACCESS_ADDRESS"], 443))
    connection.sock = context.wrap_socket(raw, server_hostname=TRANSFER)
    connection.request("POST", "/__admin/signin?token=" + urllib.parse.quote(query["token"][0], safe=""))
    connection.getresponse().read()


def serve(directory, address):
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import padding, rsa
    from cryptography.x509.oid import NameOID
    from nacl.public import Box, PrivateKey, PublicKey

    def name(common):
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])

    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    ca = (x509.CertificateBuilder().subject_name(name("fake access CA")).issuer_name(name("fake access CA"))
          .public_key(ca_key.public_key()).serial_number(1).not_valid_before(now - datetime.timedelta(days=1))
          .not_valid_after(now + datetime.timedelta(days=2)).add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
          .sign(ca_key, hashes.SHA256()))
    leaf_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    names = [x509.DNSName(n) for n in (GATEWAY, TEAM, TRANSFER, "evil.example.com")]
    leaf = (x509.CertificateBuilder().subject_name(name(GATEWAY)).issuer_name(ca.subject).public_key(leaf_key.public_key())
            .serial_number(2).not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.SubjectAlternativeName(names), False).sign(ca_key, hashes.SHA256()))
    with open(os.path.join(directory, "ca.pem"), "wb") as f:
        f.write(ca.public_bytes(serialization.Encoding.PEM))
    with open(os.path.join(directory, "leaf.pem"), "wb") as f:
        f.write(leaf.public_bytes(serialization.Encoding.PEM))
        f.write(leaf_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))

    signing = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    numbers = signing.public_key().public_numbers()
    service = PrivateKey.generate()
    state = {"mode": "none", "ready": set(), "issued": set(), "revoked": False, "seen": []}
    lock = threading.Lock()

    def jwt(claims, alg="RS256", kid=KID):
        header = b64url(json.dumps({"alg": alg, "kid": kid, "typ": "JWT"}).encode())
        body = b64url(json.dumps(claims).encode())
        if alg == "HS256":
            import hmac
            signature = hmac.new(b"key", f"{header}.{body}".encode(), hashlib.sha256).digest()
        else:
            signature = signing.sign(f"{header}.{body}".encode(), padding.PKCS1v15(), hashes.SHA256())
        return f"{header}.{body}.{b64url(signature)}"

    def metadata():
        mode = state["mode"]
        t = int(time.time())
        return jwt({"type": "match", "hostname": "other.access.test" if mode == "metadata-host" else GATEWAY,
                    "auth_domain": "evil.example.com" if mode == "evil-issuer" else TEAM, "aud": AUD, "app_hostname": GATEWAY,
                    "iat": t - 90000 if mode == "metadata-iat" else t})

    def app_token():
        mode = state["mode"]
        t = int(time.time())
        claims = {"iss": "https://other.cloudflareaccess.com" if mode == "wrong-iss" else "https://" + TEAM,
                  "aud": ["aud-other"] if mode == "wrong-aud" else [AUD], "type": "org" if mode == "wrong-type" else "app",
                  "sub": SUBJECT, "exp": t - 5 if mode == "expired" else t + 5 * 3600, "nbf": t + 600 if mode == "not-yet" else t - 5,
                  "iat": t, "email": "user@example.com"}
        return jwt(claims, alg="HS256" if mode == "hs256" else "RS256", kid="key-other" if mode == "foreign-kid" else KID)

    def envelope(client_key):
        mode = state["mode"]
        token = app_token()
        with lock:
            state["issued"].add(token)
        plaintext = json.dumps({"app_token": token, "org_token": "org-token-not-kept"}).encode()
        sender = service
        # A key whose standard base64 differs from its base64url, so the fault is one.
        while mode == "key-standard" and not set("+/") & set(base64.b64encode(bytes(sender.public_key)).decode()):
            sender = PrivateKey.generate()
        sealed = bytearray(Box(sender, PublicKey(client_key)).encrypt(plaintext))
        if mode == "tamper":
            sealed[30] ^= 1
        if mode == "short":
            sealed = sealed[:39]
        body = (base64.urlsafe_b64encode if mode == "alphabet" else base64.b64encode)(bytes(sealed))
        if mode == "big-body":
            body = b"A" * 140000
        key = bytes(sender.public_key)
        header = {"key-unpadded": b64url(key), "key-standard": base64.b64encode(key).decode()}.get(mode, b64url(key, pad=True))
        return body, header

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send(self, status, body=b"", headers=()):
            self.send_response(status)
            for key, value in headers:
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def do_POST(self):
            path = urllib.parse.urlsplit(self.path)
            if path.path.startswith("/__admin/mode/"):
                state["mode"] = path.path.rsplit("/", 1)[1]
            elif path.path == "/__admin/signin":
                with lock:
                    key = urllib.parse.parse_qs(path.query)["token"][0]
                    state["ready"].add(key)
                    state.setdefault("readyAt", {})[key] = time.time()
            elif path.path == "/__admin/revoke":
                state["revoked"] = True
            else:
                return self.send(404)
            self.send(200, b"{}", [("Content-Type", "application/json")])

        def do_HEAD(self):
            self.do_GET()

        def do_GET(self):
            host = (self.headers.get("Host") or "").split(":")[0]
            path = urllib.parse.urlsplit(self.path)
            if path.path == "/__admin/seen":
                return self.send(200, json.dumps(state["seen"]).encode())
            if path.path == "/__admin/ready-at":
                return self.send(200, json.dumps(state.get("readyAt", {})).encode())
            if host == TRANSFER and path.path.startswith("/transfer/"):
                return self.transfer(urllib.parse.unquote(path.path[len("/transfer/"):]))
            if host == TEAM and path.path == "/cdn-cgi/access/certs":
                keys = {"keys": [{"kid": KID, "kty": "RSA", "alg": "RS256", "use": "sig",
                                  "n": b64url(numbers.n.to_bytes(256, "big")), "e": b64url(numbers.e.to_bytes(3, "big"))}]}
                body = json.dumps(keys).encode()
                if state["mode"] == "big-jwks":
                    body = body[:-2] + b', "padding": "' + b"x" * (1024 * 1024) + b'"}'
                return self.send(200, body, [("Content-Type", "application/json")])
            if host == GATEWAY:
                return self.edge(path)
            self.send(404)

        def transfer(self, key_text):
            mode = state["mode"]
            if mode == "transfer-302":
                return self.send(302, b"", [("Location", "https://" + TEAM + "/cdn-cgi/access/login")])
            if mode == "transfer-500":
                return self.send(500, b"upstream failed")
            with lock:
                ready = key_text in state["ready"] and mode != "never"
            if not ready:
                return self.send(200)
            body, key = envelope(base64.urlsafe_b64decode(key_text))
            self.send(200, body, [("service-public-key", key)])

        def edge(self, path):
            token = self.headers.get("Cf-Access-Token")
            service_ok = (self.headers.get("CF-Access-Client-Id") == SERVICE_ID
                          and self.headers.get("CF-Access-Client-Secret") == SERVICE_SECRET)
            with lock:
                state["seen"].append({"path": path.path, "token": token is not None, "serviceToken": service_ok})
                valid = token in state["issued"] and not state["revoked"]
            if self.headers.get("Cf-Access-Metadata-Request") == "true":
                return self.send(200, b"", [("Cf-Access-Metadata", metadata())])
            if path.path == "/cdn-cgi/access/get-identity":
                cookie = self.headers.get("Cookie") or ""
                issued = cookie.startswith("CF_Authorization=") and cookie.split("=", 1)[1] in state["issued"]
                if not issued:
                    return self.send(401)
                subject = "someone-else" if state["mode"] == "identity-mismatch" else SUBJECT
                return self.send(200, json.dumps({"user_uuid": subject, "email": "user@example.com"}).encode())
            if not (valid or service_ok):
                login = f"https://{TEAM}/cdn-cgi/access/login/{GATEWAY}?kid={AUD}&redirect_url=%2F"
                challenge = f'Cloudflare-Access resource_metadata="https://{GATEWAY}/.well-known/cloudflare-access-protected-resource/"'
                return self.send(302, b"", [("Location", login), ("WWW-Authenticate", challenge)])
            key = self.headers.get("Sec-WebSocket-Key")
            if key is None:
                return self.send(200, b"behind access\n")
            accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
            self.wfile.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                              f"Sec-WebSocket-Accept: {accept}\r\n\r\n").encode())
            frame = json.dumps({"type": "event", "event": "connect.challenge", "payload": {"nonce": "fake-nonce-1", "ts": 1700000000000}}).encode()
            self.wfile.write(bytes([0x81, len(frame)]) + frame)
            self.wfile.flush()
            self.connection.settimeout(5)
            try:
                while self.connection.recv(4096):
                    pass
            except OSError:
                pass
            self.close_connection = True

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

    server = Server((address, 443), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(directory, "leaf.pem"))
    server.socket = context.wrap_socket(server.socket, server_side=True)
    with open(os.path.join(directory, "ready"), "w") as f:
        f.write("ready\n")
    server.serve_forever()


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "browse":
        browse(sys.argv[2])
    elif sys.argv[1] == "browse-later":
        # A user who takes a while: sign in after SECONDS, in the background; return at once.
        if os.fork() == 0:
            os.setsid()
            time.sleep(float(os.environ.get("FAKE_ACCESS_SIGNIN_DELAY", "1.5")))
            browse(sys.argv[2])
            os._exit(0)
