#ifndef CCLAWSHIMS_LAZY_LIBQRENCODE_H
#define CCLAWSHIMS_LAZY_LIBQRENCODE_H

// libqrencode: `qr` and the sim's setup-code QR.

#include "CClawShimsLibrary.h"

#include <qrencode.h>

/// The functions clawpair calls in libqrencode: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazyQREncode.c defines the forwarders.
#define CCLAWSHIMS_LIBQRENCODE_FUNCTIONS(F, V) \
    F(QRcode *, QRcode_encodeData, (int size, const unsigned char *data, int version, QRecLevel level), (size, data, version, level)) \
    V(QRcode_free, (QRcode *qrcode), (qrcode))

CCLAWSHIMS_LIBQRENCODE_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
