#ifndef CCLAWSHIMS_LAZY_LIBCRYPTO_H
#define CCLAWSHIMS_LAZY_LIBCRYPTO_H

// OpenSSL's libcrypto: Ed25519 device keys, SHA-256, certificates, RS256 verification of
// Cloudflare Access JWTs, and what libssl's callers need from it (BIOs, the error queue).

#include "CClawShimsLibrary.h"

#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/// The functions clawpair calls in libcrypto: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazyCrypto.c defines the forwarders.
#define CCLAWSHIMS_LIBCRYPTO_FUNCTIONS(F, V) \
    F(int, ASN1_TIME_to_tm, (const ASN1_TIME *s, struct tm *tm), (s, tm)) \
    F(long, BIO_ctrl, (BIO *bp, int cmd, long larg, void *parg), (bp, cmd, larg, parg)) \
    F(size_t, BIO_ctrl_pending, (BIO *b), (b)) \
    F(int, BIO_free, (BIO *a), (a)) \
    F(BIO *, BIO_new, (const BIO_METHOD *type), (type)) \
    F(BIO *, BIO_new_mem_buf, (const void *buf, int len), (buf, len)) \
    F(int, BIO_read, (BIO *b, void *data, int dlen), (b, data, dlen)) \
    F(const BIO_METHOD *, BIO_s_mem, (void), ()) \
    F(int, BIO_write, (BIO *b, const void *data, int dlen), (b, data, dlen)) \
    F(BIGNUM *, BN_bin2bn, (const unsigned char *s, int len, BIGNUM *ret), (s, len, ret)) \
    V(BN_free, (BIGNUM *a), (a)) \
    F(ASN1_INTEGER *, BN_to_ASN1_INTEGER, (const BIGNUM *bn, ASN1_INTEGER *ai), (bn, ai)) \
    F(int, CRYPTO_get_ex_new_index, (int class_index, long argl, void *argp, CRYPTO_EX_new *new_func, CRYPTO_EX_dup *dup_func, CRYPTO_EX_free *free_func), (class_index, argl, argp, new_func, dup_func, free_func)) \
    V(ERR_clear_error, (void), ()) \
    V(ERR_error_string_n, (unsigned long e, char *buf, size_t len), (e, buf, len)) \
    F(unsigned long, ERR_get_error_all, (const char **file, int *line, const char **func, const char **data, int *flags), (file, line, func, data, flags)) \
    F(int, EVP_Digest, (const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type, ENGINE *impl), (data, count, md, size, type, impl)) \
    F(int, EVP_DigestSign, (EVP_MD_CTX *ctx, unsigned char *sigret, size_t *siglen, const unsigned char *tbs, size_t tbslen), (ctx, sigret, siglen, tbs, tbslen)) \
    F(int, EVP_DigestSignInit, (EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type, ENGINE *e, EVP_PKEY *pkey), (ctx, pctx, type, e, pkey)) \
    F(int, EVP_DigestVerify, (EVP_MD_CTX *ctx, const unsigned char *sigret, size_t siglen, const unsigned char *tbs, size_t tbslen), (ctx, sigret, siglen, tbs, tbslen)) \
    F(int, EVP_DigestVerifyInit, (EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type, ENGINE *e, EVP_PKEY *pkey), (ctx, pctx, type, e, pkey)) \
    F(int, EVP_EncodeBlock, (unsigned char *t, const unsigned char *f, int n), (t, f, n)) \
    V(EVP_MD_CTX_free, (EVP_MD_CTX *ctx), (ctx)) \
    F(EVP_MD_CTX *, EVP_MD_CTX_new, (void), ()) \
    V(EVP_PKEY_CTX_free, (EVP_PKEY_CTX *ctx), (ctx)) \
    F(EVP_PKEY_CTX *, EVP_PKEY_CTX_new_id, (int id, ENGINE *e), (id, e)) \
    F(int, EVP_PKEY_CTX_set_rsa_keygen_bits, (EVP_PKEY_CTX *ctx, int bits), (ctx, bits)) \
    V(EVP_PKEY_free, (EVP_PKEY *pkey), (pkey)) \
    F(int, EVP_PKEY_get_raw_private_key, (const EVP_PKEY *pkey, unsigned char *priv, size_t *len), (pkey, priv, len)) \
    F(int, EVP_PKEY_get_raw_public_key, (const EVP_PKEY *pkey, unsigned char *pub, size_t *len), (pkey, pub, len)) \
    F(int, EVP_PKEY_keygen, (EVP_PKEY_CTX *ctx, EVP_PKEY **ppkey), (ctx, ppkey)) \
    F(int, EVP_PKEY_keygen_init, (EVP_PKEY_CTX *ctx), (ctx)) \
    F(EVP_PKEY *, EVP_PKEY_new_raw_private_key, (int type, ENGINE *e, const unsigned char *priv, size_t len), (type, e, priv, len)) \
    F(EVP_PKEY *, EVP_PKEY_new_raw_public_key, (int type, ENGINE *e, const unsigned char *pub, size_t len), (type, e, pub, len)) \
    F(const EVP_MD *, EVP_sha256, (void), ()) \
    F(X509 *, PEM_read_bio_X509, (BIO *out, X509 **x, pem_password_cb *cb, void *u), (out, x, cb, u)) \
    F(int, PEM_write_bio_PrivateKey, (BIO *out, const EVP_PKEY *x, const EVP_CIPHER *enc, const unsigned char *kstr, int klen, pem_password_cb *cb, void *u), (out, x, enc, kstr, klen, cb, u)) \
    F(int, PEM_write_bio_X509, (BIO *out, const X509 *x), (out, x)) \
    F(int, X509_NAME_add_entry_by_txt, (X509_NAME *name, const char *field, int type, const unsigned char *bytes, int len, int loc, int set), (name, field, type, bytes, len, loc, set)) \
    F(int, X509_NAME_print_ex, (BIO *out, const X509_NAME *nm, int indent, unsigned long flags), (out, nm, indent, flags)) \
    F(int, X509_STORE_CTX_get_error, (const X509_STORE_CTX *ctx), (ctx)) \
    F(int, X509_STORE_CTX_get_error_depth, (const X509_STORE_CTX *ctx), (ctx)) \
    F(void *, X509_STORE_CTX_get_ex_data, (const X509_STORE_CTX *ctx, int idx), (ctx, idx)) \
    F(int, X509_check_host, (X509 *x, const char *chk, size_t chklen, unsigned int flags, char **peername), (x, chk, chklen, flags, peername)) \
    F(int, X509_check_ip_asc, (X509 *x, const char *ipasc, unsigned int flags), (x, ipasc, flags)) \
    V(X509_free, (X509 *a), (a)) \
    F(const ASN1_TIME *, X509_get0_notAfter, (const X509 *x), (x)) \
    F(const ASN1_TIME *, X509_get0_notBefore, (const X509 *x), (x)) \
    F(X509_PUBKEY *, X509_get_X509_PUBKEY, (const X509 *x), (x)) \
    F(X509_NAME *, X509_get_issuer_name, (const X509 *a), (a)) \
    F(ASN1_INTEGER *, X509_get_serialNumber, (X509 *x), (x)) \
    F(X509_NAME *, X509_get_subject_name, (const X509 *a), (a)) \
    F(ASN1_TIME *, X509_getm_notAfter, (const X509 *x), (x)) \
    F(ASN1_TIME *, X509_getm_notBefore, (const X509 *x), (x)) \
    F(ASN1_TIME *, X509_gmtime_adj, (ASN1_TIME *s, long adj), (s, adj)) \
    F(X509 *, X509_new, (void), ()) \
    F(int, X509_set_issuer_name, (X509 *x, const X509_NAME *name), (x, name)) \
    F(int, X509_set_pubkey, (X509 *x, EVP_PKEY *pkey), (x, pkey)) \
    F(int, X509_set_version, (X509 *x, long version), (x, version)) \
    F(int, X509_sign, (X509 *x, EVP_PKEY *pkey, const EVP_MD *md), (x, pkey, md)) \
    F(const char *, X509_verify_cert_error_string, (long n), (n)) \
    F(EVP_PKEY *, d2i_PUBKEY, (EVP_PKEY **a, const unsigned char **pp, long length), (a, pp, length)) \
    F(int, i2d_X509, (const X509 *a, unsigned char **out), (a, out)) \
    F(int, i2d_X509_PUBKEY, (const X509_PUBKEY *a, unsigned char **out), (a, out))

CCLAWSHIMS_LIBCRYPTO_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
