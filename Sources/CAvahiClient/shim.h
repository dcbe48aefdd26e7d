// Avahi's native client API (Debian: libavahi-client-dev, which brings libavahi-common-dev):
// mDNS browsing, resolving and the sim's advertisement over one D-Bus connection to
// avahi-daemon. Included by path rather than through pkg-config: avahi-client.pc adds
// -D_REENTRANT, a flag SwiftPM refuses in a package's build settings.
#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/domain.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/simple-watch.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>
