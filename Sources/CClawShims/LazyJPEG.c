// libjpeg: reading JPEG images to scan (through the JPEG shims in shims.c).

#include "LazyLibrary.h"

#include <stdio.h>
#include <jpeglib.h>

static CClawShims_LazyLibrary libjpeg = {.soname = "libjpeg.so.62", .package = "libjpeg62-turbo"};

CCLAWSHIMS_LAZY_VOID(libjpeg, jpeg_CreateDecompress, (j_decompress_ptr cinfo, int version, size_t structsize), (cinfo, version, structsize))
CCLAWSHIMS_LAZY_VOID(libjpeg, jpeg_destroy_decompress, (j_decompress_ptr cinfo), (cinfo))
CCLAWSHIMS_LAZY(libjpeg, boolean, jpeg_finish_decompress, (j_decompress_ptr cinfo), (cinfo))
CCLAWSHIMS_LAZY_VOID(libjpeg, jpeg_mem_src, (j_decompress_ptr cinfo, const unsigned char *inbuffer, unsigned long insize), (cinfo, inbuffer, insize))
CCLAWSHIMS_LAZY(libjpeg, int, jpeg_read_header, (j_decompress_ptr cinfo, boolean require_image), (cinfo, require_image))
CCLAWSHIMS_LAZY(libjpeg, JDIMENSION, jpeg_read_scanlines, (j_decompress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION max_lines), (cinfo, scanlines, max_lines))
CCLAWSHIMS_LAZY(libjpeg, boolean, jpeg_start_decompress, (j_decompress_ptr cinfo), (cinfo))
CCLAWSHIMS_LAZY(libjpeg, struct jpeg_error_mgr *, jpeg_std_error, (struct jpeg_error_mgr *err), (err))
