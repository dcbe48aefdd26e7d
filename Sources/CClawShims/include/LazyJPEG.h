#ifndef CCLAWSHIMS_LAZY_LIBJPEG_H
#define CCLAWSHIMS_LAZY_LIBJPEG_H

// libjpeg: reading JPEG images to scan (only through the JPEG shims in shims.c).

#include "CClawShimsLibrary.h"

#include <stdio.h>
#include <jpeglib.h>

/// The functions clawpair calls in libjpeg: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazyJPEG.c defines the forwarders.
#define CCLAWSHIMS_LIBJPEG_FUNCTIONS(F, V) \
    V(jpeg_CreateDecompress, (j_decompress_ptr cinfo, int version, size_t structsize), (cinfo, version, structsize)) \
    V(jpeg_destroy_decompress, (j_decompress_ptr cinfo), (cinfo)) \
    F(boolean, jpeg_finish_decompress, (j_decompress_ptr cinfo), (cinfo)) \
    V(jpeg_mem_src, (j_decompress_ptr cinfo, const unsigned char *inbuffer, unsigned long insize), (cinfo, inbuffer, insize)) \
    F(int, jpeg_read_header, (j_decompress_ptr cinfo, boolean require_image), (cinfo, require_image)) \
    F(JDIMENSION, jpeg_read_scanlines, (j_decompress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION max_lines), (cinfo, scanlines, max_lines)) \
    F(boolean, jpeg_start_decompress, (j_decompress_ptr cinfo), (cinfo)) \
    F(struct jpeg_error_mgr *, jpeg_std_error, (struct jpeg_error_mgr *err), (err))

CCLAWSHIMS_LIBJPEG_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
