// The forwarders of libavahi-client (include/LazyAvahiClient.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include "LazyAvahiClient.h"

CCLAWSHIMS_DEFINE_LIBRARY(CClawShims_libavahiClient, CCLAWSHIMS_LIBAVAHI_CLIENT_FUNCTIONS, "libavahi-client.so.3", "libavahi-client3")

#define CCLAWSHIMS_LIBRARY CClawShims_libavahiClient
CCLAWSHIMS_LIBAVAHI_CLIENT_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)
