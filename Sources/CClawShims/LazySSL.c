// The forwarders of libssl (include/LazySSL.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazySSL.h"

#define CCLAWSHIMS_STRINGIFY_(x) #x
#define CCLAWSHIMS_STRINGIFY(x) CCLAWSHIMS_STRINGIFY_(x)

enum { CCLAWSHIMS_LIBSSL_FUNCTIONS(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) slotCount };
static const char *const names[] = {CCLAWSHIMS_LIBSSL_FUNCTIONS(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID)};
static void *_Atomic slots[slotCount];

CClawShims_LazyLibrary CClawShims_libssl = {
    .soname = "libssl.so." CCLAWSHIMS_STRINGIFY(OPENSSL_VERSION_MAJOR), .package = "libssl3", .names = names, .slots = slots, .count = slotCount};

#define CCLAWSHIMS_LIBRARY CClawShims_libssl
CCLAWSHIMS_LIBSSL_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
