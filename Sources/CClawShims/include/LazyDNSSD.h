#ifndef CCLAWSHIMS_LAZY_LIBDNS_SD_H
#define CCLAWSHIMS_LAZY_LIBDNS_SD_H

// Avahi's dns_sd compatibility library: mDNS for browse, resolve and the sim's
// advertisement. Loading it also loads libavahi-client, libdbus and libsystemd.

#include "CClawShimsLibrary.h"

#include <avahi-compat-libdns_sd/dns_sd.h>

/// The functions clawpair calls in libdns_sd: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazyDNSSD.c defines the forwarders.
#define CCLAWSHIMS_LIBDNS_SD_FUNCTIONS(F, V) \
    F(DNSServiceErrorType, DNSServiceBrowse, (DNSServiceRef *sdRef, DNSServiceFlags flags, uint32_t interfaceIndex, const char *regtype, const char *domain, DNSServiceBrowseReply callBack, void *context), (sdRef, flags, interfaceIndex, regtype, domain, callBack, context)) \
    F(DNSServiceErrorType, DNSServiceProcessResult, (DNSServiceRef sdRef), (sdRef)) \
    F(DNSServiceErrorType, DNSServiceQueryRecord, (DNSServiceRef *sdRef, DNSServiceFlags flags, uint32_t interfaceIndex, const char *fullname, uint16_t rrtype, uint16_t rrclass, DNSServiceQueryRecordReply callBack, void *context), (sdRef, flags, interfaceIndex, fullname, rrtype, rrclass, callBack, context)) \
    V(DNSServiceRefDeallocate, (DNSServiceRef sdRef), (sdRef)) \
    F(int, DNSServiceRefSockFD, (DNSServiceRef sdRef), (sdRef)) \
    F(DNSServiceErrorType, DNSServiceRegister, (DNSServiceRef *sdRef, DNSServiceFlags flags, uint32_t interfaceIndex, const char *name, const char *regtype, const char *domain, const char *host, uint16_t port, uint16_t txtLen, const void *txtRecord, DNSServiceRegisterReply callBack, void *context), (sdRef, flags, interfaceIndex, name, regtype, domain, host, port, txtLen, txtRecord, callBack, context)) \
    F(DNSServiceErrorType, DNSServiceResolve, (DNSServiceRef *sdRef, DNSServiceFlags flags, uint32_t interfaceIndex, const char *name, const char *regtype, const char *domain, DNSServiceResolveReply callBack, void *context), (sdRef, flags, interfaceIndex, name, regtype, domain, callBack, context))

CCLAWSHIMS_LIBDNS_SD_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
