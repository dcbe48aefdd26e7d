// libqrencode: `qr` and the sim's setup-code QR.

#include "LazyLibrary.h"

#include <qrencode.h>

static CClawShims_LazyLibrary libqrencode = {.soname = "libqrencode.so.4", .package = "libqrencode4"};

CCLAWSHIMS_LAZY(libqrencode, QRcode *, QRcode_encodeData, (int size, const unsigned char *data, int version, QRecLevel level), (size, data, version, level))
CCLAWSHIMS_LAZY_VOID(libqrencode, QRcode_free, (QRcode *qrcode), (qrcode))
