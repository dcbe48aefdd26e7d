#ifndef CCLAWSHIMS_LAZY_LIBSODIUM_H
#define CCLAWSHIMS_LAZY_LIBSODIUM_H

// libsodium: the NaCl box of Cloudflare Access's session transfer (X25519, HSalsa20,
// XSalsa20-Poly1305), which OpenSSL cannot open: it has no (X|H)Salsa20.

#include "CClawShimsLibrary.h"

#include <sodium.h>

/// The functions clawpair calls in libsodium: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazySodium.c defines the forwarders.
#define CCLAWSHIMS_LIBSODIUM_FUNCTIONS(F, V) \
    F(int, crypto_box_keypair, (unsigned char *pk, unsigned char *sk), (pk, sk)) \
    F(int, crypto_box_open_easy, (unsigned char *m, const unsigned char *c, unsigned long long clen, const unsigned char *n, const unsigned char *pk, const unsigned char *sk), (m, c, clen, n, pk, sk)) \
    F(int, sodium_init, (void), ()) \
    V(sodium_memzero, (void *const pnt, const size_t len), (pnt, len))

CCLAWSHIMS_LIBSODIUM_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
