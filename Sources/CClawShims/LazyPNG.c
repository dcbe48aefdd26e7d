// The forwarders of libpng (include/LazyPNG.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyPNG.h"

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libpng, CCLAWSHIMS_LIBPNG_FUNCTIONS, "libpng16.so.16", "libpng16-16")

#define CCLAWSHIMS_LIBRARY CClawShims_libpng
CCLAWSHIMS_LIBPNG_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
