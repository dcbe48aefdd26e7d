// The forwarders of libzbar (include/LazyZBar.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyZBar.h"

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libzbar, CCLAWSHIMS_LIBZBAR_FUNCTIONS, "libzbar.so.0", "libzbar0")

#define CCLAWSHIMS_LIBRARY CClawShims_libzbar
CCLAWSHIMS_LIBZBAR_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
