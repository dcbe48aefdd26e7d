// The forwarders of libdns_sd (include/LazyDNSSD.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyDNSSD.h"

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libdnssd, CCLAWSHIMS_LIBDNS_SD_FUNCTIONS, "libdns_sd.so.1", "libavahi-compat-libdnssd1")

#define CCLAWSHIMS_LIBRARY CClawShims_libdnssd
CCLAWSHIMS_LIBDNS_SD_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
