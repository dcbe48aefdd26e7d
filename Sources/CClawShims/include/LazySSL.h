#ifndef CCLAWSHIMS_LAZY_LIBSSL_H
#define CCLAWSHIMS_LAZY_LIBSSL_H

// OpenSSL's libssl: TLS for probe, pair, sim and access.

#include "CClawShimsLibrary.h"

#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/// The functions clawpair calls in libssl: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazySSL.c defines the forwarders.
#define CCLAWSHIMS_LIBSSL_FUNCTIONS(F, V) \
    F(const char *, SSL_CIPHER_get_name, (const SSL_CIPHER *c), (c)) \
    F(int, SSL_CTX_check_private_key, (const SSL_CTX *ctx), (ctx)) \
    F(long, SSL_CTX_ctrl, (SSL_CTX *ctx, int cmd, long larg, void *parg), (ctx, cmd, larg, parg)) \
    V(SSL_CTX_free, (SSL_CTX *a0), (a0)) \
    F(int, SSL_CTX_load_verify_locations, (SSL_CTX *ctx, const char *CAfile, const char *CApath), (ctx, CAfile, CApath)) \
    F(SSL_CTX *, SSL_CTX_new, (const SSL_METHOD *meth), (meth)) \
    F(int, SSL_CTX_set_default_verify_paths, (SSL_CTX *ctx), (ctx)) \
    F(int, SSL_CTX_set_num_tickets, (SSL_CTX *ctx, size_t num_tickets), (ctx, num_tickets)) \
    F(uint64_t, SSL_CTX_set_options, (SSL_CTX *ctx, uint64_t op), (ctx, op)) \
    V(SSL_CTX_set_verify, (SSL_CTX *ctx, int mode, SSL_verify_cb callback), (ctx, mode, callback)) \
    F(int, SSL_CTX_use_PrivateKey_file, (SSL_CTX *ctx, const char *file, int type), (ctx, file, type)) \
    F(int, SSL_CTX_use_certificate_chain_file, (SSL_CTX *ctx, const char *file), (ctx, file)) \
    F(long, SSL_ctrl, (SSL *ssl, int cmd, long larg, void *parg), (ssl, cmd, larg, parg)) \
    F(int, SSL_do_handshake, (SSL *s), (s)) \
    V(SSL_free, (SSL *ssl), (ssl)) \
    F(X509 *, SSL_get0_peer_certificate, (const SSL *s), (s)) \
    F(const SSL_CIPHER *, SSL_get_current_cipher, (const SSL *s), (s)) \
    F(int, SSL_get_error, (const SSL *s, int ret_code), (s, ret_code)) \
    F(void *, SSL_get_ex_data, (const SSL *ssl, int idx), (ssl, idx)) \
    F(int, SSL_get_ex_data_X509_STORE_CTX_idx, (void), ()) \
    F(const char *, SSL_get_version, (const SSL *s), (s)) \
    F(SSL *, SSL_new, (SSL_CTX *ctx), (ctx)) \
    F(int, SSL_read, (SSL *ssl, void *buf, int num), (ssl, buf, num)) \
    V(SSL_set_accept_state, (SSL *s), (s)) \
    V(SSL_set_bio, (SSL *s, BIO *rbio, BIO *wbio), (s, rbio, wbio)) \
    V(SSL_set_connect_state, (SSL *s), (s)) \
    F(int, SSL_set_ex_data, (SSL *ssl, int idx, void *data), (ssl, idx, data)) \
    F(int, SSL_shutdown, (SSL *s), (s)) \
    F(int, SSL_write, (SSL *ssl, const void *buf, int num), (ssl, buf, num)) \
    F(const SSL_METHOD *, TLS_client_method, (void), ()) \
    F(const SSL_METHOD *, TLS_server_method, (void), ())

CCLAWSHIMS_LIBSSL_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
