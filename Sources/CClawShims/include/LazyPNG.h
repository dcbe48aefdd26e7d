#ifndef CCLAWSHIMS_LAZY_LIBPNG_H
#define CCLAWSHIMS_LAZY_LIBPNG_H

// libpng: reading PNG images to scan, writing `qr --format png`.

#include "CClawShimsLibrary.h"

#include <png.h>

/// The functions clawpair calls in libpng: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazyPNG.c defines the forwarders.
#define CCLAWSHIMS_LIBPNG_FUNCTIONS(F, V) \
    F(int, png_image_begin_read_from_memory, (png_imagep image, png_const_voidp memory, size_t size), (image, memory, size)) \
    F(int, png_image_finish_read, (png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride, void *colormap), (image, background, buffer, row_stride, colormap)) \
    V(png_image_free, (png_imagep image), (image)) \
    F(int, png_image_write_to_memory, (png_imagep image, void *memory, png_alloc_size_t *restrict memory_bytes, int convert_to_8_bit, const void *buffer, png_int_32 row_stride, const void *colormap), (image, memory, memory_bytes, convert_to_8_bit, buffer, row_stride, colormap))

CCLAWSHIMS_LIBPNG_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
