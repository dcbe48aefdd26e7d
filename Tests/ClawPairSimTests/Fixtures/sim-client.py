#!/usr/bin/env python3
"""An independent OpenClaw gateway client for testing `clawpair sim`.

Written from spec/gateway-protocol.md only, on PyPI's `websockets` and the `cryptography`
package (Ed25519), sharing no code with clawpair, so the sim is checked by code that cannot
share its mistakes. Each scenario drives the sim (and its admin endpoint), checks what the
spec says must happen, and prints one line `RESULT {json}` with what it saw; a failed check
prints `FAILED <why>` and exits 1.

usage: sim-client.py SCENARIO --url WS_URL --admin ADMIN_URL [--fingerprint HEX] [--count N] [--token-env VAR]
                     [--password-env VAR] [--local-node-id ID] [--gateway-version V]
"""

import argparse
import asyncio
import base64
import hashlib
import json
import os
import socket
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

OPERATOR_SCOPES = ["operator.admin", "operator.read", "operator.write", "operator.approvals"]


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64u_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def normalized(value):
    """v3 metadata: trimmed, ASCII A-Z lowercased, other characters unchanged."""
    value = (value or "").strip()
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in value)


def signed_payload(version, device_id, client_id, mode, role, scopes, signed_at, token, nonce, platform, family):
    fields = [version, device_id, client_id, mode, role, ",".join(scopes), str(signed_at), token or "", nonce]
    if version == "v3":
        fields += [normalized(platform), normalized(family)]
    return "|".join(fields)


class Device:
    def __init__(self):
        self.key = Ed25519PrivateKey.generate()
        self.raw = self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.id = hashlib.sha256(self.raw).hexdigest()
        self.public_key = b64u(self.raw)

    def sign(self, text):
        return b64u(self.key.sign(text.encode()))


class Admin:
    def __init__(self, base):
        self.base = base.rstrip("/")

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else (b"" if method == "POST" else None)
        # The endpoint takes only JSON posts (urllib would label the body a form).
        headers = {"Content-Type": "application/json"} if method == "POST" else {}
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def get(self, path):
        status, body = self.call("GET", path)
        check(status == 200, f"GET {path} answered {status}")
        return body

    def post(self, path, body=None):
        return self.call("POST", path, body)

    def fault(self, name):
        status, body = self.post(f"/fault/{name}")
        check(status == 200 and body == {"ok": True}, f"POST /fault/{name} answered {status} {body}")


def decode_setup_code(code):
    payload = json.loads(b64u_decode(code))
    check(isinstance(payload.get("url"), str), "the setup code has no url")
    check(isinstance(payload.get("urls"), list) and payload["urls"][0] == payload["url"], "urls does not start with url")
    check(isinstance(payload.get("expiresAtMs"), int), "the setup code has no integer expiresAtMs")
    check(isinstance(payload.get("bootstrapToken"), str) and payload["bootstrapToken"], "no bootstrap token")
    return payload


class Options:
    url = None
    fingerprint = None


def ssl_context(url):
    if not url.startswith("wss"):
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # pinned below instead, as spec/routes-and-tls.md says
    return context


async def open_socket(url=None, headers=None):
    url = url or Options.url
    ws = await connect(url, ssl=ssl_context(url), open_timeout=10, max_size=2**25, ping_interval=None,
                       additional_headers=headers)
    if url.startswith("wss"):
        der = ws.transport.get_extra_info("ssl_object").getpeercert(binary_form=True)
        check(hashlib.sha256(der).hexdigest() == Options.fingerprint, "the TLS certificate does not match the pin")
    return ws


async def next_frame(ws, timeout=10):
    return json.loads(await asyncio.wait_for(ws.recv(), timeout))


async def wait_close(ws, timeout=10):
    """Reads until the server closes; returns (code, reason, frames seen first)."""
    frames = []
    try:
        while True:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), timeout)))
    except ConnectionClosed as closed:
        if closed.rcvd is None:
            return None, None, frames
        return closed.rcvd.code, closed.rcvd.reason, frames


def connect_params(device, challenge, *, role, mode="node", client_id="test", scopes=None, auth=None, version="v3",
                   min_protocol=None, max_protocol=4, skew_ms=0, tamper=False, platform="  Linux ", family="Desktop",
                   client_version="1.0", instance_id=None):
    scopes = scopes if scopes is not None else ([] if role == "node" else OPERATOR_SCOPES)
    if min_protocol is None:
        min_protocol = 3 if role == "node" else 4
    signed_at = challenge["ts"] + skew_ms
    token = (auth or {}).get("token") or (auth or {}).get("bootstrapToken") or ""
    text = signed_payload(version, device.id, client_id, mode, role, scopes, signed_at, token, challenge["nonce"],
                          platform, family)
    signature = device.sign(text)
    if tamper:
        raw = bytearray(b64u_decode(signature))
        raw[0] ^= 0x01
        signature = b64u(bytes(raw))
    return {
        "minProtocol": min_protocol, "maxProtocol": max_protocol,
        "client": {"id": client_id, "displayName": "sim-client.py", "version": client_version, "platform": platform,
                   "mode": mode, "instanceId": instance_id or "py-" + device.id[:8], "deviceFamily": family},
        "caps": [], "commands": [], "permissions": {}, "locale": "en", "userAgent": "sim-client.py",
        "role": role, "scopes": scopes, "auth": auth or {},
        "device": {"id": device.id, "publicKey": device.public_key, "signature": signature, "signedAt": signed_at,
                   "nonce": challenge["nonce"]},
    }


async def attempt(device, keep_open=False, headers=None, **kwargs):
    """One connect (`headers` added to the upgrade request). Returns {challenge, response, close:(code, reason), ws?}."""
    ws = await open_socket(headers=headers)
    event = await next_frame(ws)
    check(event.get("type") == "event" and event.get("event") == "connect.challenge", f"first frame is {event}")
    challenge = event["payload"]
    check(isinstance(challenge.get("nonce"), str) and challenge["nonce"], "the challenge has no nonce")
    check(isinstance(challenge.get("ts"), int) and challenge["ts"] >= 0, "the challenge ts is not an integer")
    params = connect_params(device, challenge, **kwargs)
    frame = {"type": "req", "id": "connect-1", "method": "connect", "params": params}
    await ws.send(json.dumps(frame))
    response = await next_frame(ws)
    check(response.get("type") == "res" and response.get("id") == "connect-1", f"not the connect response: {response}")
    result = {"challenge": challenge, "response": response, "frame": frame}
    if response["ok"] and keep_open:
        result["ws"] = ws
        return result
    if response["ok"]:
        await ws.close()
        result["close"] = (None, None)
    else:
        code, reason, _ = await wait_close(ws)
        result["close"] = (code, reason)
    return result


def error_of(result):
    response = result["response"]
    check(response["ok"] is False, f"expected an error, got {response}")
    return response["error"]


# The gateway's device-auth refusals as spec/gateway-protocol.md "Errors" words them:
# details.code -> (message, details.reason). Every refusal with one of these codes must match.
DEVICE_AUTH = {
    "DEVICE_AUTH_NONCE_REQUIRED": ("device nonce required", "device-nonce-missing"),
    "DEVICE_AUTH_NONCE_MISMATCH": ("device nonce mismatch", "device-nonce-mismatch"),
    "DEVICE_AUTH_SIGNATURE_INVALID": ("device signature invalid", "device-signature"),
    "DEVICE_AUTH_SIGNATURE_EXPIRED": ("device signature expired", "device-signature-stale"),
    "DEVICE_AUTH_DEVICE_ID_MISMATCH": ("device identity mismatch", "device-id-mismatch"),
    "DEVICE_AUTH_PUBLIC_KEY_INVALID": ("device public key invalid", "device-public-key"),
}


def detail_code(result):
    error = error_of(result)
    details = error.get("details") or {}
    code = details.get("code")
    if code in DEVICE_AUTH:
        worded = (error.get("message"), details.get("reason"))
        check(worded == DEVICE_AUTH[code], f"{code}: message and reason {worded}, the gateway's are {DEVICE_AUTH[code]}")
    return code


def hello_of(result):
    response = result["response"]
    check(response["ok"] is True, f"expected hello-ok, got {response}")
    hello = response["payload"]
    check(hello.get("type") == "hello-ok", f"payload is not hello-ok: {hello}")
    for key in ("protocol", "server", "features", "snapshot", "auth", "policy"):
        check(key in hello, f"hello-ok has no {key}")
    check(isinstance(hello["policy"].get("tickIntervalMs"), int), "policy.tickIntervalMs is not an integer")
    return hello


# MARK: Scenarios


async def scenario_pair(admin, version):
    """Setup-code pairing: pending -> approve -> hello-ok with device tokens -> device token."""
    code = admin.post("/setup-code")[1]
    payload = decode_setup_code(code["setupCode"])
    bootstrap = payload["bootstrapToken"]
    check(bootstrap == code["bootstrapToken"], "the code's token is not the one returned")
    device = Device()
    auth = {"bootstrapToken": bootstrap}

    first = await attempt(device, role="node", auth=auth, version=version)
    error = error_of(first)
    details = error["details"]
    check(details["code"] == "PAIRING_REQUIRED", f"expected PAIRING_REQUIRED, got {details}")
    request_id = details["requestId"]
    check(details.get("recommendedNextStep") == "wait_then_retry", "a bootstrap wait is not wait_then_retry")
    check(details.get("retryable") is True and details.get("reason") == "not-paired", f"details: {details}")
    check(details.get("deviceId") == device.id, "details.deviceId is not ours")
    check(first["close"] == (1008, f"pairing required (requestId: {request_id})"), f"close was {first['close']}")

    pending = admin.get("/pending")
    mine = [p for p in pending if p["requestId"] == request_id]
    check(len(mine) == 1 and mine[0]["deviceId"] == device.id and mine[0]["role"] == "node", f"pending: {pending}")
    check(mine[0]["clientId"] == "test" and isinstance(mine[0]["createdAtMs"], int), f"pending: {mine}")

    again = await attempt(device, role="node", auth=auth, version=version)
    check(error_of(again)["details"]["requestId"] == request_id, "a retry got a new request id")

    status, body = admin.post(f"/approve/{request_id}")
    check(status == 200 and body == {"ok": True}, f"approve answered {status} {body}")
    status, _ = admin.post(f"/approve/{request_id}")
    check(status == 404, f"approving twice answered {status}")

    paired = await attempt(device, role="node", auth=auth, version=version, keep_open=True)
    hello = hello_of(paired)
    ws = paired["ws"]
    check(hello["auth"]["role"] == "node" and hello["auth"]["scopes"] == [], f"auth: {hello['auth']}")
    node_token = hello["auth"]["deviceToken"]
    check(isinstance(node_token, str) and node_token, "no node device token")
    others = hello["auth"].get("deviceTokens") or []
    operator = [t for t in others if t["role"] == "operator"]
    check(len(operator) == 1 and "operator.admin" in operator[0]["scopes"], f"deviceTokens: {others}")
    check(hello["protocol"] == 4, f"protocol {hello['protocol']}")

    connections = admin.get("/connections")
    mine = [c for c in connections if c["deviceId"] == device.id]
    check(len(mine) == 1 and mine[0]["signatureVersion"] == version and mine[0]["role"] == "node", f"{connections}")
    check(mine[0]["clientId"] == "test" and mine[0]["mode"] == "node", f"{mine}")

    # Requests after hello-ok: health answers, unknown methods are INVALID_REQUEST, ticks flow.
    await ws.send(json.dumps({"type": "req", "id": "h1", "method": "health", "params": {}}))
    await ws.send(json.dumps({"type": "req", "id": "u1", "method": "no.such.method", "params": {}}))
    seen = {}
    ticks = 0
    while len(seen) < 2 or ticks < 1:
        frame = await next_frame(ws, timeout=30)
        if frame.get("type") == "res":
            seen[frame["id"]] = frame
        elif frame.get("type") == "event" and frame.get("event") == "tick":
            ticks += 1
    check(seen["h1"]["ok"] is True, f"health: {seen['h1']}")
    check(seen["u1"]["ok"] is False and seen["u1"]["error"]["code"] == "INVALID_REQUEST", f"unknown: {seen['u1']}")
    await ws.close()

    reused = await attempt(Device(), role="node", auth=auth, version=version)
    check(detail_code(reused) == "AUTH_BOOTSTRAP_TOKEN_INVALID", f"reuse: {reused['response']}")

    again = await attempt(device, role="node", auth={"token": node_token, "deviceToken": node_token}, version=version)
    check(hello_of(again)["auth"]["deviceToken"] == node_token, "the device token changed on reconnect")

    op_token = operator[0]["deviceToken"]
    op = await attempt(device, role="operator", mode="ui", scopes=["operator.read", "operator.write"],
                       auth={"token": op_token, "deviceToken": op_token}, version=version)
    check(hello_of(op)["auth"]["role"] == "operator", "the operator token did not open an operator session")

    wrong = await attempt(device, role="node", auth={"token": "not-a-token", "deviceToken": "not-a-token"}, version=version)
    check(detail_code(wrong) == "AUTH_DEVICE_TOKEN_MISMATCH", f"wrong token: {wrong['response']}")
    return {"requestId": request_id, "deviceId": device.id, "ticks": ticks, "signatureVersion": version,
            "closeCode": first["close"][0], "closeReason": first["close"][1]}


async def scenario_reject(admin):
    token = admin.post("/setup-code")[1]["bootstrapToken"]
    device = Device()
    first = await attempt(device, role="node", auth={"bootstrapToken": token})
    request_id = error_of(first)["details"]["requestId"]
    status, body = admin.post(f"/reject/{request_id}")
    check(status == 200 and body == {"ok": True}, f"reject answered {status} {body}")
    check(admin.post("/reject/no-such-request")[0] == 404, "rejecting an unknown id is not 404")
    check(all(p["requestId"] != request_id for p in admin.get("/pending")), "the rejected request is still pending")
    second = await attempt(device, role="node", auth={"bootstrapToken": token})
    check(detail_code(second) == "PAIRING_REJECTED", f"after reject: {second['response']}")
    check(second["close"][0] == 1008, f"close: {second['close']}")
    return {"requestId": request_id, "outcome": detail_code(second)}


async def scenario_supersede(admin):
    token = admin.post("/setup-code")[1]["bootstrapToken"]
    device = Device()
    first = await attempt(device, role="node", auth={"bootstrapToken": token})
    old = error_of(first)["details"]["requestId"]
    second = await attempt(device, role="operator", mode="ui", scopes=["operator.read"], auth={"bootstrapToken": token})
    new = error_of(second)["details"]["requestId"]
    check(new != old, "a changed role kept the request id")
    ids = [p["requestId"] for p in admin.get("/pending") if p["deviceId"] == device.id]
    check(ids == [new], f"pending for the device: {ids}")
    third = await attempt(device, role="operator", mode="ui", scopes=["operator.read", "operator.write"],
                          auth={"bootstrapToken": token})
    newest = error_of(third)["details"]["requestId"]
    check(newest not in (old, new), "changed scopes kept the request id")
    return {"requests": [old, new, newest]}


async def scenario_expired(admin):
    status, code = admin.post("/setup-code", {"ttlMs": 1})
    check(status == 200, f"setup-code answered {status}")
    await asyncio.sleep(0.05)
    result = await attempt(Device(), role="node", auth={"bootstrapToken": code["bootstrapToken"]})
    check(detail_code(result) == "AUTH_BOOTSTRAP_TOKEN_INVALID", f"expired: {result['response']}")
    bogus = await attempt(Device(), role="node", auth={"bootstrapToken": "never-minted"})
    check(detail_code(bogus) == "AUTH_BOOTSTRAP_TOKEN_INVALID", f"bogus: {bogus['response']}")
    return {"outcome": detail_code(result)}


async def scenario_device_errors(admin):
    """Wrong signature, skewed clock, replayed nonce, id mismatch, protocol and closed sets."""
    token = admin.post("/setup-code")[1]["bootstrapToken"]
    auth = {"bootstrapToken": token}
    seen = {}
    seen["tampered"] = detail_code(await attempt(Device(), role="node", auth=auth, tamper=True))
    seen["skewed"] = detail_code(await attempt(Device(), role="node", auth=auth, skew_ms=-10 * 60 * 1000))
    seen["skewedAhead"] = detail_code(await attempt(Device(), role="node", auth=auth, skew_ms=5 * 60 * 1000))
    # Within ±120 s is fine: the request is filed (pairing required), not refused.
    seen["smallSkew"] = detail_code(await attempt(Device(), role="node", auth=auth, skew_ms=-60 * 1000))

    # A whole connect frame replayed on a new connection carries the old nonce.
    device = Device()
    first = await attempt(device, role="node", auth=auth)
    ws = await open_socket()
    await next_frame(ws)
    await ws.send(json.dumps(first["frame"]))
    replay = {"response": await next_frame(ws)}
    seen["replayed"] = detail_code(replay)
    seen["replayedClose"] = (await wait_close(ws))[0]

    # A device id that is not the hash of the key.
    ws = await open_socket()
    challenge = (await next_frame(ws))["payload"]
    params = connect_params(Device(), challenge, role="node", auth=auth)
    params["device"]["id"] = hashlib.sha256(b"someone else").hexdigest()
    await ws.send(json.dumps({"type": "req", "id": "c", "method": "connect", "params": params}))
    seen["idMismatch"] = detail_code({"response": await next_frame(ws)})
    await ws.close()

    # No nonce at all.
    ws = await open_socket()
    challenge = (await next_frame(ws))["payload"]
    params = connect_params(Device(), challenge, role="node", auth=auth)
    del params["device"]["nonce"]
    await ws.send(json.dumps({"type": "req", "id": "c", "method": "connect", "params": params}))
    seen["noNonce"] = detail_code({"response": await next_frame(ws)})
    await ws.close()

    # A public key that is not 32 bytes of base64url.
    ws = await open_socket()
    challenge = (await next_frame(ws))["payload"]
    params = connect_params(Device(), challenge, role="node", auth=auth)
    params["device"]["publicKey"] = "bm90LWEta2V5"
    await ws.send(json.dumps({"type": "req", "id": "c", "method": "connect", "params": params}))
    seen["badKey"] = detail_code({"response": await next_frame(ws)})
    await ws.close()

    seen["v2"] = detail_code(await attempt(Device(), role="node", auth=auth, version="v2"))
    mismatch = await attempt(Device(), role="operator", mode="ui", auth=auth, min_protocol=2, max_protocol=3)
    seen["protocol"] = detail_code(mismatch)
    seen["protocolClose"] = mismatch["close"][0]
    seen["nodeOnThree"] = detail_code(await attempt(Device(), role="node", auth=auth, min_protocol=3, max_protocol=3))
    unknown = await attempt(Device(), role="node", auth=auth, client_id="not-a-client")
    seen["unknownClient"] = error_of(unknown)["code"]
    seen["unknownMode"] = error_of(await attempt(Device(), role="node", mode="toaster", auth=auth))["code"]
    seen["unknownScope"] = error_of(await attempt(Device(), role="operator", mode="ui", scopes=["operator.everything"],
                                                  auth=auth))["code"]
    seen["password"] = detail_code(await attempt(Device(), role="node", auth={"password": "hunter2"}))

    # First frame not a connect request.
    ws = await open_socket()
    await next_frame(ws)
    await ws.send(json.dumps({"type": "req", "id": "x", "method": "health", "params": {}}))
    code, reason, frames = await wait_close(ws)
    seen["notConnect"] = [frames[0]["error"]["code"] if frames else None, code]

    # A frame over 64 KiB before authentication.
    ws = await open_socket()
    await next_frame(ws)
    await ws.send(json.dumps({"type": "req", "id": "big", "method": "connect", "params": {"pad": "x" * 70000}}))
    seen["oversized"] = (await wait_close(ws))[0]

    expected = {
        "tampered": "DEVICE_AUTH_SIGNATURE_INVALID", "skewed": "DEVICE_AUTH_SIGNATURE_EXPIRED",
        "skewedAhead": "DEVICE_AUTH_SIGNATURE_EXPIRED", "smallSkew": "PAIRING_REQUIRED", "replayed": "DEVICE_AUTH_NONCE_MISMATCH",
        "replayedClose": 1008, "idMismatch": "DEVICE_AUTH_DEVICE_ID_MISMATCH", "noNonce": "DEVICE_AUTH_NONCE_REQUIRED",
        "badKey": "DEVICE_AUTH_PUBLIC_KEY_INVALID", "v2": "PAIRING_REQUIRED",
        "protocol": "PROTOCOL_MISMATCH", "protocolClose": 1002, "nodeOnThree": "PAIRING_REQUIRED",
        "unknownClient": "INVALID_REQUEST", "unknownMode": "INVALID_REQUEST", "unknownScope": "INVALID_REQUEST",
        "password": "AUTH_PASSWORD_NOT_CONFIGURED", "notConnect": ["INVALID_REQUEST", 1008], "oversized": 1009,
    }
    for key, value in expected.items():
        check(seen[key] == value, f"{key}: expected {value}, got {seen[key]}")
    return seen


async def paired_session(admin, keep_open=True):
    """A session under --auto-approve: a first bootstrap connect is admitted at once."""
    token = admin.post("/setup-code")[1]["bootstrapToken"]
    return await attempt(Device(), role="node", auth={"bootstrapToken": token}, keep_open=keep_open)


async def scenario_faults(admin):
    """Every fault, against a sim started with --auto-approve and a short tick interval."""
    seen = {}
    session = await paired_session(admin)
    interval = hello_of(session)["policy"]["tickIntervalMs"]
    ws = session["ws"]
    frame = await next_frame(ws, timeout=interval / 1000 * 5)
    check(frame.get("event") == "tick", f"no tick: {frame}")

    admin.fault("drop-ticks")
    # Whatever tick was already on its way may still come; after that, silence.
    try:
        await asyncio.wait_for(ws.recv(), interval / 1000 * 1.5)
    except asyncio.TimeoutError:
        pass
    try:
        extra = await asyncio.wait_for(ws.recv(), interval / 1000 * 3)
        seen["dropTicks"] = f"frame after drop-ticks: {extra}"
    except asyncio.TimeoutError:
        seen["dropTicks"] = "silent"
    admin.fault("reset")
    frame = await next_frame(ws, timeout=interval / 1000 * 5)
    seen["ticksAfterReset"] = frame.get("event")

    admin.fault("close-1008")
    code, reason, _ = await wait_close(ws)
    seen["close1008Open"] = [code, reason]
    # A later connection is closed right after its connect request, with no response.
    token = admin.post("/setup-code")[1]["bootstrapToken"]
    ws = await open_socket()
    challenge = (await next_frame(ws))["payload"]
    params = connect_params(Device(), challenge, role="node", auth={"bootstrapToken": token})
    await ws.send(json.dumps({"type": "req", "id": "c", "method": "connect", "params": params}))
    code, reason, frames = await wait_close(ws)
    seen["close1008Later"] = [code, reason, len(frames)]
    admin.fault("reset")
    attempts = admin.get("/attempts")
    seen["attemptOutcome"] = attempts[-1]["outcome"] if attempts else None
    seen["attemptSentConnect"] = attempts[-1]["sentConnect"] if attempts else None

    admin.fault("slow-challenge")
    ws = await open_socket()
    opened = time.time() * 1000
    event = await next_frame(ws, timeout=20)
    seen["slowChallengeDelayMs"] = event["payload"]["ts"] - opened
    await ws.close()
    admin.fault("reset")

    admin.fault("no-challenge")
    ws = await open_socket()
    try:
        frame = await asyncio.wait_for(ws.recv(), 7)
        seen["noChallenge"] = f"got {frame}"
    except asyncio.TimeoutError:
        seen["noChallenge"] = "silent"
    await ws.close()
    admin.fault("reset")

    admin.fault("access-challenge")
    seen["access"] = access_probe()
    admin.fault("reset")

    admin.fault("rate-limit")
    limited = await attempt(Device(), role="node")
    error = error_of(limited)
    seen["rateLimit"] = [error["details"]["code"], error.get("retryAfterMs"), limited["close"][0]]
    admin.fault("reset")

    admin.fault("startup")
    starting = await attempt(Device(), role="node")
    error = error_of(starting)
    seen["startup"] = [error["code"], error["details"].get("reason"), error.get("retryable"), error.get("retryAfterMs"),
                       starting["close"][0]]
    admin.fault("reset")

    status, body = admin.post("/fault/not-a-fault")
    seen["unknownFault"] = status
    after = await paired_session(admin, keep_open=False)
    seen["afterReset"] = hello_of(after)["type"]
    return seen


def access_probe():
    """A raw upgrade request; the answer's status and Access headers."""
    parsed = urllib.parse.urlparse(Options.url)
    raw = socket.create_connection((parsed.hostname, parsed.port), timeout=10)
    context = ssl_context(Options.url)
    stream = context.wrap_socket(raw) if context else raw
    stream.sendall((f"GET / HTTP/1.1\r\nHost: {parsed.hostname}:{parsed.port}\r\nUpgrade: websocket\r\n"
                    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = stream.recv(4096)
        if not chunk:
            break
        data += chunk
    stream.close()
    lines = data.split(b"\r\n\r\n")[0].decode().split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return {"status": int(lines[0].split()[1]), "location": headers.get("location"),
            "wwwAuthenticate": headers.get("www-authenticate")}


async def scenario_idle(admin, count):
    """Holds `count` authenticated sessions at once, then checks every one still answers."""
    sessions = []
    for _ in range(count):
        sessions.append(await paired_session(admin))
    connections = admin.get("/connections")
    held = len(connections)
    for index, session in enumerate(sessions):
        await session["ws"].send(json.dumps({"type": "req", "id": f"h{index}", "method": "health", "params": {}}))
    answered = 0
    for index, session in enumerate(sessions):
        while True:
            frame = await next_frame(session["ws"], timeout=30)
            if frame.get("type") == "res":
                check(frame["id"] == f"h{index}" and frame["ok"], f"health on {index}: {frame}")
                answered += 1
                break
    for session in sessions:
        await session["ws"].close()
    return {"held": held, "answered": answered}


async def scenario_shared_token(admin, token):
    """A sim started with a shared token: it pairs a device itself; wrong or missing tokens fail."""
    device = Device()
    first = await attempt(device, role="operator", mode="ui", scopes=["operator.read"], auth={"token": token})
    hello = hello_of(first)
    device_token = hello["auth"]["deviceToken"]
    check(isinstance(device_token, str) and device_token != token, "no device token for a shared-token client")
    wrong = await attempt(device, role="operator", mode="ui", scopes=["operator.read"], auth={"token": "wrong"})
    details = error_of(wrong)["details"]
    check(details["code"] == "AUTH_TOKEN_MISMATCH", f"wrong token: {details}")
    check(details.get("canRetryWithDeviceToken") is True, f"a paired device may retry with its token: {details}")
    check(details.get("recommendedNextStep") == "retry_with_device_token", f"{details}")
    retry = await attempt(device, role="operator", mode="ui", scopes=["operator.read"],
                          auth={"token": device_token, "deviceToken": device_token})
    check(hello_of(retry)["auth"]["role"] == "operator", "the device token did not work")
    stranger = await attempt(Device(), role="operator", mode="ui", scopes=["operator.read"], auth={"token": "wrong"})
    check(error_of(stranger)["details"].get("canRetryWithDeviceToken") is False, "a stranger may not retry")
    missing = await attempt(Device(), role="node")
    check(detail_code(missing) == "AUTH_TOKEN_MISSING", f"no auth: {missing['response']}")
    return {"deviceTokenIssued": True, "mismatch": details["code"], "missing": detail_code(missing)}


async def scenario_password(admin, password):
    """A sim with a password: the right one pairs the device itself, a wrong or missing one fails."""
    device = Device()
    right = await attempt(device, role="operator", mode="ui", scopes=["operator.read"], auth={"password": password})
    hello = hello_of(right)
    device_token = hello["auth"]["deviceToken"]
    check(isinstance(device_token, str) and device_token and device_token != password, "no device token for a password client")
    check(hello["auth"]["scopes"] == ["operator.read"], f"scopes: {hello['auth']}")
    again = await attempt(device, role="operator", mode="ui", scopes=["operator.read"], auth={"token": device_token})
    check(hello_of(again)["auth"]["deviceToken"] == device_token, "the device token of a password pairing did not work")
    wrong = await attempt(Device(), role="node", auth={"password": password + "x"})
    wrong_details = error_of(wrong)["details"]
    check(wrong["close"][0] == 1008, f"wrong password closed with {wrong['close']}")
    check(password not in json.dumps(wrong["response"]), "the password came back in the error")
    missing = await attempt(Device(), role="node")
    missing_details = error_of(missing)["details"]
    stale = await attempt(Device(), role="node", auth={"token": "not-a-device-token"})
    return {
        "mismatch": [wrong_details["code"], wrong_details.get("recommendedNextStep")],
        "missing": [missing_details["code"], missing_details.get("recommendedNextStep")],
        "unknownToken": detail_code(stale),
    }


async def scenario_auth_limit(admin, password, limit):
    """`limit` wrong passwords from one address lock it out; a right one before that resets the count."""
    async def wrong():
        return detail_code(await attempt(Device(), role="node", auth={"password": "wrong-" + password}))

    for _ in range(limit - 1):
        check(await wrong() == "AUTH_PASSWORD_MISMATCH", "a wrong password was not a mismatch")
    reset = await attempt(Device(), role="node", auth={"password": password})
    hello_of(reset)
    # The success cleared the count: limit - 1 more failures still do not lock.
    for _ in range(limit - 1):
        check(await wrong() == "AUTH_PASSWORD_MISMATCH", "the count was not reset by a success")
    last = await wrong()
    check(last == "AUTH_PASSWORD_MISMATCH", f"the limit-th failure itself is answered as such, got {last}")
    limited = await attempt(Device(), role="node", auth={"password": password})
    error = error_of(limited)
    details = error["details"]
    attempts = admin.get("/attempts")
    return {
        "code": details["code"], "retryAfterMs": error.get("retryAfterMs"), "detailsRetryAfterMs": details.get("retryAfterMs"),
        "retryable": error.get("retryable"), "close": limited["close"][0],
        "lastOutcome": attempts[-1]["outcome"], "mismatches": sum(1 for a in attempts if a["outcome"] == "AUTH_PASSWORD_MISMATCH"),
    }


async def scenario_scope_mismatch(admin):
    """A known device token asking for more scopes than it was granted: AUTH_SCOPE_MISMATCH."""
    device = Device()
    first = await attempt(device, role="operator", mode="ui", scopes=["operator.read"])
    token = hello_of(first)["auth"]["deviceToken"]
    wider = await attempt(device, role="operator", mode="ui", scopes=["operator.read", "operator.admin"],
                          auth={"token": token, "deviceToken": token})
    narrower = await attempt(device, role="operator", mode="ui", scopes=["operator.read"],
                             auth={"token": token, "deviceToken": token})
    hello_of(narrower)
    return {"wider": detail_code(wider), "close": wider["close"][0],
            "next": error_of(wider)["details"].get("recommendedNextStep")}


async def scenario_revoke(admin):
    """POST /revoke/ID forgets a device: its sessions close with 1008, its device tokens stop working."""
    bootstrap = admin.post("/setup-code")[1]["bootstrapToken"]
    device = Device()
    node = hello_of(await attempt(device, role="node", auth={"bootstrapToken": bootstrap}))
    node_token = node["auth"]["deviceToken"]
    operator_token = [t for t in node["auth"]["deviceTokens"] if t["role"] == "operator"][0]["deviceToken"]
    session = await attempt(device, role="operator", mode="ui", scopes=["operator.read"],
                            auth={"token": operator_token, "deviceToken": operator_token}, keep_open=True)
    hello_of(session)
    bystander = Device()
    other = await attempt(bystander, role="node", keep_open=True)
    hello_of(other)

    listed = [d for d in admin.get("/devices") if d["deviceId"] == device.id]
    check(len(listed) == 1, f"/devices: {listed}")
    status, body = admin.post(f"/revoke/{device.id}")
    check(status == 200 and body == {"ok": True}, f"revoke answered {status} {body}")
    code, reason, _ = await wait_close(session["ws"])
    again_status, _ = admin.post(f"/revoke/{device.id}")
    unknown_status, _ = admin.post("/revoke/" + "0" * 64)
    remaining = [d["deviceId"] for d in admin.get("/devices")]
    check(bystander.id in remaining and device.id not in remaining, f"/devices after revoke: {remaining}")
    # The bystander's session is still served.
    await other["ws"].send(json.dumps({"type": "req", "id": "h", "method": "health", "params": {}}))
    while True:
        frame = await next_frame(other["ws"], timeout=10)
        if frame.get("type") == "res":
            check(frame["id"] == "h" and frame["ok"] is True, f"bystander: {frame}")
            break
    await other["ws"].close()
    stale = await attempt(device, role="node", auth={"token": node_token, "deviceToken": node_token})
    stale_operator = await attempt(device, role="operator", mode="ui", scopes=["operator.read"], auth={"token": operator_token})
    connections = [c for c in admin.get("/connections") if c["deviceId"] == device.id]
    return {
        "listed": {"roles": listed[0]["roles"], "scopes": listed[0]["scopes"]},
        "sessionClose": [code, reason], "revokeAgain": again_status, "revokeUnknown": unknown_status,
        "nodeToken": detail_code(stale), "operatorToken": detail_code(stale_operator), "connections": len(connections),
    }


async def scenario_client_version(admin, local_node_id, gateway_version):
    """The gateway's own node host (instanceId = the local node id) on another released version."""
    device = Device()
    older = await attempt(device, role="node", instance_id=" " + local_node_id + " ", client_version="2026.1.2")
    error = error_of(older)
    same = await attempt(device, role="node", instance_id=local_node_id, client_version=gateway_version)
    hello = hello_of(same)
    other_instance = await attempt(Device(), role="node", instance_id="elsewhere", client_version="2026.1.2")
    dev_version = await attempt(Device(), role="node", instance_id=local_node_id, client_version="dev")
    operator = await attempt(Device(), role="operator", mode="ui", scopes=["operator.read"], instance_id=local_node_id,
                             client_version="2026.1.2")
    return {
        "older": [error["code"], error["details"]["code"], error["details"].get("clientVersion"),
                  error["details"].get("gatewayVersion"), older["close"][0], older["close"][1]],
        "serverVersion": hello["server"]["version"],
        "otherInstance": hello_of(other_instance)["type"], "devVersion": hello_of(dev_version)["type"],
        "operator": hello_of(operator)["type"],
    }

SERVE_HEADERS = {"X-Forwarded-For": "100.64.0.7", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "gw.tail0.ts.net"}


async def scenario_tailscale(admin):
    """A sim with --allow-tailscale and whois 100.64.0.7 -> alice@example.com: each failed Tailscale Serve
    check falls through to the shared-secret checks; a verified login still pairs (the Control UI's
    operator aside); an explicit token turns the Tailscale path off."""
    def code_and_step(result):
        details = error_of(result).get("details") or {}
        check(result["close"][0] == 1008, f"closed with {result['close']}")
        return [details.get("code"), details.get("recommendedNextStep")]

    login = {"Tailscale-User-Login": "alice@example.com"}
    outcome = {}
    outcome["direct"] = code_and_step(await attempt(Device(), role="node", headers=login))
    outcome["identityMissing"] = code_and_step(await attempt(Device(), role="node", headers=SERVE_HEADERS))
    partial = {"X-Forwarded-For": "100.64.0.7", **login}
    outcome["proxyMissing"] = code_and_step(await attempt(Device(), role="node", headers=partial))
    unknown = {**SERVE_HEADERS, "X-Forwarded-For": "100.64.0.99", **login}
    outcome["whoisFailed"] = code_and_step(await attempt(Device(), role="node", headers=unknown))
    other = {**SERVE_HEADERS, "Tailscale-User-Login": "mallory@example.com"}
    outcome["identityMismatch"] = code_and_step(await attempt(Device(), role="node", headers=other))

    # Whois names alice@example.com; the header's case does not matter.
    verified = {**SERVE_HEADERS, "X-Forwarded-For": "127.0.0.1, 100.64.0.7", "Tailscale-User-Login": "Alice@Example.COM"}
    device = Device()
    first = await attempt(device, role="node", headers=verified)
    details = error_of(first)["details"]
    outcome["verified"] = [details.get("code"), details.get("reason")]
    status, _ = admin.post(f"/approve/{details['requestId']}")
    check(status == 200, f"approve answered {status}")
    paired = hello_of(await attempt(device, role="node", headers=verified))
    check(isinstance(paired["auth"].get("deviceToken"), str), "no device token after the Tailscale pairing")
    outcome["afterApproval"] = paired["type"]

    control_ui = await attempt(Device(), role="operator", mode="ui", client_id="openclaw-control-ui",
                               scopes=["operator.read"], headers=verified)
    outcome["controlUi"] = hello_of(control_ui)["auth"]["scopes"]
    outcome["explicitToken"] = code_and_step(
        await attempt(Device(), role="node", auth={"token": "not-the-token"}, headers=verified))
    return outcome


async def scenario_tailscale_off(admin):
    """A sim without --allow-tailscale: Serve identity headers count for nothing."""
    verified = {**SERVE_HEADERS, "Tailscale-User-Login": "alice@example.com"}
    result = await attempt(Device(), role="node", headers=verified)
    details = error_of(result).get("details") or {}
    return {"verified": [details.get("code"), details.get("recommendedNextStep")]}


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--url", required=True)
    parser.add_argument("--admin", required=True)
    parser.add_argument("--fingerprint")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--token-env", help="name of an environment variable holding the shared token")
    parser.add_argument("--password-env", help="name of an environment variable holding the gateway password")
    parser.add_argument("--local-node-id")
    parser.add_argument("--gateway-version")
    args = parser.parse_args()
    Options.url = args.url
    Options.fingerprint = args.fingerprint
    admin = Admin(args.admin)
    scenarios = {
        "pair-v2": lambda: scenario_pair(admin, "v2"),
        "pair-v3": lambda: scenario_pair(admin, "v3"),
        "reject": lambda: scenario_reject(admin),
        "supersede": lambda: scenario_supersede(admin),
        "expired": lambda: scenario_expired(admin),
        "device-errors": lambda: scenario_device_errors(admin),
        "faults": lambda: scenario_faults(admin),
        "idle": lambda: scenario_idle(admin, args.count),
        "shared-token": lambda: scenario_shared_token(admin, os.environ[args.token_env]),
        "password": lambda: scenario_password(admin, os.environ[args.password_env]),
        "auth-limit": lambda: scenario_auth_limit(admin, os.environ[args.password_env], args.count),
        "scope-mismatch": lambda: scenario_scope_mismatch(admin),
        "revoke": lambda: scenario_revoke(admin),
        "tailscale": lambda: scenario_tailscale(admin),
        "tailscale-off": lambda: scenario_tailscale_off(admin),
        "client-version": lambda: scenario_client_version(admin, args.local_node_id, args.gateway_version),
    }
    try:
        result = await scenarios[args.scenario]()
    except CheckFailed as failure:
        print(f"FAILED {failure}", flush=True)
        sys.exit(1)
    print("RESULT " + json.dumps(result), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
