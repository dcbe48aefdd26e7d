// Avahi's dns_sd compatibility library (and libavahi-common for its allocator hook):
// mDNS for browse, resolve and the sim's advertisement. Loading it also loads libavahi-client,
// libdbus and libsystemd.

#include "LazyLibrary.h"

#include <avahi-compat-libdns_sd/dns_sd.h>
#include <avahi-common/malloc.h>

static CClawShims_LazyLibrary libdnssd = {.soname = "libdns_sd.so.1", .package = "libavahi-compat-libdnssd1"};
static CClawShims_LazyLibrary libavahiCommon = {.soname = "libavahi-common.so.3", .package = "libavahi-common3"};

CCLAWSHIMS_LAZY_VOID(libavahiCommon, avahi_set_allocator, (const AvahiAllocator *a), (a))
CCLAWSHIMS_LAZY(libdnssd, DNSServiceErrorType, DNSServiceBrowse, (DNSServiceRef *sdRef, DNSServiceFlags flags, uint32_t interfaceIndex, const char *regtype, const char *domain, DNSServiceBrowseReply callBack, void *context), (sdRef, flags, interfaceIndex, regtype, domain, callBack, context))
CCLAWSHIMS_LAZY(libdnssd, DNSServiceErrorType, DNSServiceProcessResult, (DNSServiceRef sdRef), (sdRef))
CCLAWSHIMS_LAZY(libdnssd, DNSServiceErrorType, DNSServiceQueryRecord, (DNSServiceRef *sdRef, DNSServiceFlags flags, uint32_t interfaceIndex, const char *fullname, uint16_t rrtype, uint16_t rrclass, DNSServiceQueryRecordReply callBack, void *context), (sdRef, flags, interfaceIndex, fullname, rrtype, rrclass, callBack, context))
CCLAWSHIMS_LAZY_VOID(libdnssd, DNSServiceRefDeallocate, (DNSServiceRef sdRef), (sdRef))
CCLAWSHIMS_LAZY(libdnssd, int, DNSServiceRefSockFD, (DNSServiceRef sdRef), (sdRef))
CCLAWSHIMS_LAZY(libdnssd, DNSServiceErrorType, DNSServiceRegister, (DNSServiceRef *sdRef, DNSServiceFlags flags, uint32_t interfaceIndex, const char *name, const char *regtype, const char *domain, const char *host, uint16_t port, uint16_t txtLen, const void *txtRecord, DNSServiceRegisterReply callBack, void *context), (sdRef, flags, interfaceIndex, name, regtype, domain, host, port, txtLen, txtRecord, callBack, context))
CCLAWSHIMS_LAZY(libdnssd, DNSServiceErrorType, DNSServiceResolve, (DNSServiceRef *sdRef, DNSServiceFlags flags, uint32_t interfaceIndex, const char *name, const char *regtype, const char *domain, DNSServiceResolveReply callBack, void *context), (sdRef, flags, interfaceIndex, name, regtype, domain, callBack, context))
