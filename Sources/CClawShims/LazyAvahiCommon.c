// The forwarders of libavahi-common (include/LazyAvahiCommon.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyAvahiCommon.h"

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libavahiCommon, CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS, "libavahi-common.so.3", "libavahi-common3")

#define CCLAWSHIMS_LIBRARY CClawShims_libavahiCommon
CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
