#!/usr/bin/env python3
"""Makes access-vectors.json, the known answers AccessCryptoTests checks ClawPairKit against:
an RS256 JWT signed by Python's `cryptography` (OpenSSL underneath, but its own JWS code) and a
NaCl box sealed by PyNaCl (libsodium's Python binding), both independent of clawpair's code.
Run once; the JSON is checked in so the test does not depend on fresh randomness."""
import base64, json, sys
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from nacl.public import Box, PrivateKey


def b64url(data, pad=False):
    text = base64.urlsafe_b64encode(data).decode()
    return text if pad else text.rstrip("=")


key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
numbers = key.public_key().public_numbers()
n = numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big")
header = b64url(json.dumps({"alg": "RS256", "kid": "vector-1", "typ": "JWT"}).encode())
claims = b64url(json.dumps({"sub": "user-1", "exp": 4102444800}).encode())
signature = key.sign(f"{header}.{claims}".encode(), padding.PKCS1v15(), hashes.SHA256())
token = f"{header}.{claims}.{b64url(signature)}"

client = PrivateKey.generate()
service = PrivateKey.generate()
plaintext = json.dumps({"app_token": token, "org_token": "org"}).encode()
sealed = Box(service, client.public_key).encrypt(plaintext)  # nonce (24) ‖ MAC (16) ‖ ciphertext

json.dump({
    "jwks": {"keys": [{"kid": "vector-1", "kty": "RSA", "alg": "RS256", "use": "sig", "n": b64url(n), "e": b64url(numbers.e.to_bytes(3, "big"))}]},
    "token": token,
    "clientPublicKey": b64url(bytes(client.public_key), pad=True),
    "clientSecretKey": b64url(bytes(client), pad=True),
    "servicePublicKey": b64url(bytes(service.public_key), pad=True),
    "body": base64.b64encode(bytes(sealed)).decode(),
    "plaintext": plaintext.decode(),
}, sys.stdout, indent=1)
print()
