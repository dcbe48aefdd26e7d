// The forwarders of libjpeg (include/LazyJPEG.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyJPEG.h"

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libjpeg, CCLAWSHIMS_LIBJPEG_FUNCTIONS, "libjpeg.so.62", "libjpeg62-turbo")

#define CCLAWSHIMS_LIBRARY CClawShims_libjpeg
CCLAWSHIMS_LIBJPEG_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
