// libpng: reading PNG images to scan, writing `qr --format png`.

#include "LazyLibrary.h"

#include <png.h>

static CClawShims_LazyLibrary libpng = {.soname = "libpng16.so.16", .package = "libpng16-16"};

CCLAWSHIMS_LAZY(libpng, int, png_image_begin_read_from_memory, (png_imagep image, png_const_voidp memory, size_t size), (image, memory, size))
CCLAWSHIMS_LAZY(libpng, int, png_image_finish_read, (png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride, void *colormap), (image, background, buffer, row_stride, colormap))
CCLAWSHIMS_LAZY_VOID(libpng, png_image_free, (png_imagep image), (image))
CCLAWSHIMS_LAZY(libpng, int, png_image_write_to_memory, (png_imagep image, void *memory, png_alloc_size_t *restrict memory_bytes, int convert_to_8_bit, const void *buffer, png_int_32 row_stride, const void *colormap), (image, memory, memory_bytes, convert_to_8_bit, buffer, row_stride, colormap))
