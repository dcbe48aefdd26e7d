#ifndef CCLAWSHIMS_LAZY_LIBAVAHI_CLIENT_H
#define CCLAWSHIMS_LAZY_LIBAVAHI_CLIENT_H

// libavahi-client: mDNS for browse, resolve and the sim's advertisement, over one D-Bus
// connection per client. Loading it also loads libavahi-common and libdbus.

#include "CClawShimsLibrary.h"

#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>

/// The functions clawpair calls in libavahi-client: F(return type, name, parameters, arguments),
/// or V(name, parameters, arguments) for one that returns void. LazyAvahiClient.c defines the
/// forwarders.
#define CCLAWSHIMS_LIBAVAHI_CLIENT_FUNCTIONS(F, V) \
    F(AvahiClient *, avahi_client_new, (const AvahiPoll *poll_api, AvahiClientFlags flags, AvahiClientCallback callback, void *userdata, int *error), (poll_api, flags, callback, userdata, error)) \
    V(avahi_client_free, (AvahiClient *client), (client)) \
    F(int, avahi_client_errno, (AvahiClient *client), (client)) \
    F(AvahiServiceBrowser *, avahi_service_browser_new, (AvahiClient *client, AvahiIfIndex interface, AvahiProtocol protocol, const char *type, const char *domain, AvahiLookupFlags flags, AvahiServiceBrowserCallback callback, void *userdata), (client, interface, protocol, type, domain, flags, callback, userdata)) \
    F(int, avahi_service_browser_free, (AvahiServiceBrowser *browser), (browser)) \
    F(AvahiServiceResolver *, avahi_service_resolver_new, (AvahiClient *client, AvahiIfIndex interface, AvahiProtocol protocol, const char *name, const char *type, const char *domain, AvahiProtocol aprotocol, AvahiLookupFlags flags, AvahiServiceResolverCallback callback, void *userdata), (client, interface, protocol, name, type, domain, aprotocol, flags, callback, userdata)) \
    F(int, avahi_service_resolver_free, (AvahiServiceResolver *resolver), (resolver)) \
    F(AvahiRecordBrowser *, avahi_record_browser_new, (AvahiClient *client, AvahiIfIndex interface, AvahiProtocol protocol, const char *name, uint16_t clazz, uint16_t type, AvahiLookupFlags flags, AvahiRecordBrowserCallback callback, void *userdata), (client, interface, protocol, name, clazz, type, flags, callback, userdata)) \
    F(int, avahi_record_browser_free, (AvahiRecordBrowser *browser), (browser)) \
    F(AvahiEntryGroup *, avahi_entry_group_new, (AvahiClient *client, AvahiEntryGroupCallback callback, void *userdata), (client, callback, userdata)) \
    F(int, avahi_entry_group_free, (AvahiEntryGroup *group), (group)) \
    F(int, avahi_entry_group_add_service_strlst, (AvahiEntryGroup *group, AvahiIfIndex interface, AvahiProtocol protocol, AvahiPublishFlags flags, const char *name, const char *type, const char *domain, const char *host, uint16_t port, AvahiStringList *txt), (group, interface, protocol, flags, name, type, domain, host, port, txt)) \
    F(int, avahi_entry_group_commit, (AvahiEntryGroup *group), (group)) \
    F(int, avahi_entry_group_reset, (AvahiEntryGroup *group), (group))

CCLAWSHIMS_LIBAVAHI_CLIENT_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
