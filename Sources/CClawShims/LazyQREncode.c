// The forwarders of libqrencode (include/LazyQREncode.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyQREncode.h"

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libqrencode, CCLAWSHIMS_LIBQRENCODE_FUNCTIONS, "libqrencode.so.4", "libqrencode4")

#define CCLAWSHIMS_LIBRARY CClawShims_libqrencode
CCLAWSHIMS_LIBQRENCODE_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
