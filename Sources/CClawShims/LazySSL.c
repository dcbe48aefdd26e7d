// The forwarders of libssl (include/LazySSL.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazySSL.h"

#define CCLAWSHIMS_STRINGIFY_(x) #x
#define CCLAWSHIMS_STRINGIFY(x) CCLAWSHIMS_STRINGIFY_(x)

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libssl, CCLAWSHIMS_LIBSSL_FUNCTIONS, "libssl.so." CCLAWSHIMS_STRINGIFY(OPENSSL_VERSION_MAJOR), "libssl3")

#define CCLAWSHIMS_LIBRARY CClawShims_libssl
CCLAWSHIMS_LIBSSL_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
