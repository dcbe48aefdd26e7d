#include "CClawShims.h"

/* ==== TLS (OpenSSL) shims: begin (declarations and reasons in CClawShims.h) ========== */
#include <openssl/bio.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

int CClawShims_SSL_set_tlsext_host_name(struct ssl_st *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

int CClawShims_SSL_CTX_set_min_proto_version(struct ssl_ctx_st *context, int version) {
    return (int)SSL_CTX_set_min_proto_version(context, version);
}

void CClawShims_BIO_set_mem_eof_return(struct bio_st *bio, int value) {
    (void)BIO_set_mem_eof_return(bio, value);
}

int CClawShims_SSL_get_ex_new_index(void) {
    return SSL_get_ex_new_index(0, NULL, NULL, NULL, NULL);
}
void CClawShims_SSL_CTX_refuse_renegotiation(struct ssl_ctx_st *context) {
    (void)SSL_CTX_set_options(context, SSL_OP_NO_RENEGOTIATION);
}
unsigned long CClawShims_XN_FLAG_RFC2253(void) {
    return XN_FLAG_RFC2253;
}
/* ==== TLS (OpenSSL) shims: end ===================================================== */
