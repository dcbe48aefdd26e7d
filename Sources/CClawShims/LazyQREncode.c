// The forwarders of libqrencode (include/LazyQREncode.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyQREncode.h"

enum { CCLAWSHIMS_LIBQRENCODE_FUNCTIONS(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) slotCount };
static const char *const names[] = {CCLAWSHIMS_LIBQRENCODE_FUNCTIONS(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID)};
static void *_Atomic slots[slotCount];

CClawShims_LazyLibrary CClawShims_libqrencode = {
    .soname = "libqrencode.so.4", .package = "libqrencode4", .names = names, .slots = slots, .count = slotCount};

#define CCLAWSHIMS_LIBRARY CClawShims_libqrencode
CCLAWSHIMS_LIBQRENCODE_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
