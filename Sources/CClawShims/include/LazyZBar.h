#ifndef CCLAWSHIMS_LAZY_LIBZBAR_H
#define CCLAWSHIMS_LAZY_LIBZBAR_H

// zbar: finding QR codes in images for scan (and pair from a picture). Loading it also loads
// X11, xcb, v4l, D-Bus and more.

#include "CClawShimsLibrary.h"

#include <zbar.h>

/// The functions clawpair calls in libzbar: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazyZBar.c defines the forwarders.
#define CCLAWSHIMS_LIBZBAR_FUNCTIONS(F, V) \
    F(zbar_image_scanner_t *, zbar_image_scanner_create, (void), ()) \
    V(zbar_image_scanner_destroy, (zbar_image_scanner_t *scanner), (scanner)) \
    F(int, zbar_image_scanner_set_config, (zbar_image_scanner_t *scanner, zbar_symbol_type_t symbology, zbar_config_t config, int value), (scanner, symbology, config, value)) \
    F(zbar_image_t *, zbar_image_create, (void), ()) \
    V(zbar_image_destroy, (zbar_image_t *image), (image)) \
    V(zbar_image_set_format, (zbar_image_t *image, unsigned long format), (image, format)) \
    V(zbar_image_set_size, (zbar_image_t *image, unsigned width, unsigned height), (image, width, height)) \
    V(zbar_image_set_data, (zbar_image_t *image, const void *data, unsigned long data_byte_length, zbar_image_cleanup_handler_t *cleanup_handler), (image, data, data_byte_length, cleanup_handler)) \
    F(int, zbar_scan_image, (zbar_image_scanner_t *scanner, zbar_image_t *image), (scanner, image)) \
    F(const zbar_symbol_t *, zbar_image_first_symbol, (const zbar_image_t *image), (image)) \
    F(const zbar_symbol_t *, zbar_symbol_next, (const zbar_symbol_t *symbol), (symbol)) \
    F(zbar_symbol_type_t, zbar_symbol_get_type, (const zbar_symbol_t *symbol), (symbol)) \
    F(const char *, zbar_symbol_get_data, (const zbar_symbol_t *symbol), (symbol)) \
    F(unsigned int, zbar_symbol_get_data_length, (const zbar_symbol_t *symbol), (symbol))

CCLAWSHIMS_LIBZBAR_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
