#ifndef CCLAWSHIMS_LAZY_LIBAVAHI_COMMON_H
#define CCLAWSHIMS_LAZY_LIBAVAHI_COMMON_H

// libavahi-common: the event loops avahi-client runs on (the browse's simple poll, the sim's
// threaded one), TXT string lists, and service-name helpers.

#include "CClawShimsLibrary.h"

#include <avahi-common/alternative.h>
#include <avahi-common/domain.h>
#include <avahi-common/malloc.h>
#include <avahi-common/simple-watch.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>

/// The functions clawpair calls in libavahi-common: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazyAvahiCommon.c defines the forwarders.
#define CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS(F, V) \
    F(AvahiSimplePoll *, avahi_simple_poll_new, (void), ()) \
    V(avahi_simple_poll_free, (AvahiSimplePoll *s), (s)) \
    F(const AvahiPoll *, avahi_simple_poll_get, (AvahiSimplePoll *s), (s)) \
    F(int, avahi_simple_poll_iterate, (AvahiSimplePoll *s, int sleep_time), (s, sleep_time)) \
    V(avahi_simple_poll_set_func, (AvahiSimplePoll *s, AvahiPollFunc func, void *userdata), (s, func, userdata)) \
    F(AvahiThreadedPoll *, avahi_threaded_poll_new, (void), ()) \
    V(avahi_threaded_poll_free, (AvahiThreadedPoll *p), (p)) \
    F(const AvahiPoll *, avahi_threaded_poll_get, (AvahiThreadedPoll *p), (p)) \
    F(int, avahi_threaded_poll_start, (AvahiThreadedPoll *p), (p)) \
    F(int, avahi_threaded_poll_stop, (AvahiThreadedPoll *p), (p)) \
    V(avahi_threaded_poll_lock, (AvahiThreadedPoll *p), (p)) \
    V(avahi_threaded_poll_unlock, (AvahiThreadedPoll *p), (p)) \
    F(AvahiStringList *, avahi_string_list_add_arbitrary, (AvahiStringList *l, const uint8_t *text, size_t size), (l, text, size)) \
    V(avahi_string_list_free, (AvahiStringList *l), (l)) \
    F(size_t, avahi_string_list_serialize, (AvahiStringList *l, void *data, size_t size), (l, data, size)) \
    F(int, avahi_service_name_join, (char *p, size_t size, const char *name, const char *type, const char *domain), (p, size, name, type, domain)) \
    F(char *, avahi_alternative_service_name, (const char *s), (s)) \
    V(avahi_free, (void *p), (p))

CCLAWSHIMS_LIBAVAHI_COMMON_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
