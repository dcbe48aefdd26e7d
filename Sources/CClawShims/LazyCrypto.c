// The forwarders of libcrypto (include/LazyCrypto.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyCrypto.h"

#define CCLAWSHIMS_STRINGIFY_(x) #x
#define CCLAWSHIMS_STRINGIFY(x) CCLAWSHIMS_STRINGIFY_(x)

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libcrypto, CCLAWSHIMS_LIBCRYPTO_FUNCTIONS, "libcrypto.so." CCLAWSHIMS_STRINGIFY(OPENSSL_VERSION_MAJOR), "libssl3")

#define CCLAWSHIMS_LIBRARY CClawShims_libcrypto
CCLAWSHIMS_LIBCRYPTO_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
