// The forwarders of libsodium (include/LazySodium.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazySodium.h"

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libsodium, CCLAWSHIMS_LIBSODIUM_FUNCTIONS, "libsodium.so.23", "libsodium23")

#define CCLAWSHIMS_LIBRARY CClawShims_libsodium
CCLAWSHIMS_LIBSODIUM_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
