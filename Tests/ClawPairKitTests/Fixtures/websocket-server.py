#!/usr/bin/env python3
"""An independent WebSocket server for WebSocketClientTests, built on PyPI `websockets`.

Usage: websocket-server.py MODE [CERT KEY] [--host ADDRESS] [--port N]. Listens on 127.0.0.1
(or ADDRESS) with a kernel-chosen port (or N), over TLS when CERT and KEY (PEM files) are
given, prints "PORT <n>" on stdout, serves until killed or for LIFETIME seconds (so a crashed
test run leaves no server behind).

Modes:
  challenge  sends the gateway's connect.challenge event, then echoes text; the text
             "fragments" is answered by a message in three fragments, "big" by 4096 bytes
  silent     accepts the upgrade and sends nothing
  reject404  plain HTTP 404 with a body
  access302  a Cloudflare Access style 302 with WWW-Authenticate for the request's Host
  close1008  accepts, then closes with 1008 "policy"
  ping       sends a ping, waits for the pong, then sends the text "pong-ok"
"""
import asyncio
import http
import json
import ssl
import sys

from websockets.asyncio.server import serve

LIFETIME = 60
MODE = sys.argv[1]
ARGS = sys.argv[2:]
HOST = "127.0.0.1"
PORT = 0
for flag in ("--host", "--port", "--lifetime"):
    if flag in ARGS:
        index = ARGS.index(flag)
        value = ARGS[index + 1]
        del ARGS[index:index + 2]
        if flag == "--host":
            HOST = value
        elif flag == "--port":
            PORT = int(value)
        else:
            LIFETIME = float(value)
TLS = None
if len(ARGS) == 2:
    TLS = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    TLS.load_cert_chain(ARGS[0], ARGS[1])
CHALLENGE = {"type": "event", "event": "connect.challenge", "payload": {"nonce": "abc", "ts": 1700000000000}}


def process_request(connection, request):
    if MODE == "reject404":
        return connection.respond(http.HTTPStatus.NOT_FOUND, "no gateway here\n")
    if MODE == "access302":
        host = request.headers["Host"]
        response = connection.respond(http.HTTPStatus.FOUND, "")
        response.headers["Location"] = f"https://team.cloudflareaccess.com/cdn-cgi/access/login/{host}?kid=x"
        response.headers["WWW-Authenticate"] = (
            f'Cloudflare-Access resource_metadata="https://{host}/.well-known/cloudflare-access-protected-resource/"'
        )
        return response
    return None


async def handler(ws):
    if MODE == "challenge":
        await ws.send(json.dumps(CHALLENGE))
        async for message in ws:
            if message == "fragments":
                await ws.send(["frag-one ", "frag-two ", "frag-three"])
            elif message == "big":
                await ws.send("x" * 4096)
            else:
                await ws.send(message)
    elif MODE == "silent":
        await ws.wait_closed()
    elif MODE == "close1008":
        await ws.close(1008, "policy")
    elif MODE == "ping":
        pong = await ws.ping(b"are-you-there")
        await asyncio.wait_for(pong, 5)
        await ws.send("pong-ok")
        await ws.wait_closed()


async def main():
    async with serve(handler, HOST, PORT, process_request=process_request, ping_interval=None, ssl=TLS) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"PORT {port}", flush=True)
        await asyncio.sleep(LIFETIME)


asyncio.run(main())
