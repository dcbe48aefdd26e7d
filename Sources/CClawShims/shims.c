#include "CClawShims.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

// MARK: JPEG (see CClawShims.h for why)

typedef struct {
    struct jpeg_error_mgr base;  // first, so libjpeg's pointer to it is a pointer to us
    jmp_buf jump;
    CClawShims_JPEGStatus status;
} CClawShims_JPEGErrorManager;

static void CClawShims_jpegErrorExit(j_common_ptr cinfo) {
    CClawShims_JPEGErrorManager *manager = (CClawShims_JPEGErrorManager *)cinfo->err;
    manager->status = CClawShims_JPEGStatusCorrupt;
    longjmp(manager->jump, 1);
}

static void CClawShims_jpegEmitMessage(j_common_ptr cinfo, int level) {
    // libjpeg treats a missing end of file as a warning and pads the image with grey; for
    // us a cut-off file is an error the user should hear about. Other warnings (stray bytes
    // before a marker, common in camera files) are ignored rather than printed.
    CClawShims_JPEGErrorManager *manager = (CClawShims_JPEGErrorManager *)cinfo->err;
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
        manager->status = CClawShims_JPEGStatusTruncated;
        longjmp(manager->jump, 1);
    }
}

static void CClawShims_jpegOutputMessage(j_common_ptr cinfo) {
    (void)cinfo;  // never write to stderr from a library
}

static void CClawShims_jpegFormatMessage(
    j_common_ptr cinfo, char *message, size_t messageCapacity) {
    if (message == NULL || messageCapacity == 0) return;
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    snprintf(message, messageCapacity, "%s", text);
}

static void CClawShims_jpegSetUp(
    struct jpeg_decompress_struct *cinfo, CClawShims_JPEGErrorManager *errors) {
    memset(cinfo, 0, sizeof(*cinfo));
    cinfo->err = clawpair_jpeg_std_error(&errors->base);
    errors->base.error_exit = CClawShims_jpegErrorExit;
    errors->base.emit_message = CClawShims_jpegEmitMessage;
    errors->base.output_message = CClawShims_jpegOutputMessage;
    errors->status = CClawShims_JPEGStatusOK;
}

CClawShims_JPEGStatus CClawShims_jpegDecodeGray(
    const uint8_t *data, size_t size,
    uint32_t *width, uint32_t *height,
    uint8_t *pixels, size_t pixelCapacity,
    char *message, size_t messageCapacity) {
    struct jpeg_decompress_struct cinfo;
    CClawShims_JPEGErrorManager errors;
    CClawShims_jpegSetUp(&cinfo, &errors);
    if (setjmp(errors.jump)) {
        CClawShims_jpegFormatMessage((j_common_ptr)&cinfo, message, messageCapacity);
        clawpair_jpeg_destroy_decompress(&cinfo);
        return errors.status;
    }
    // jpeg_create_decompress, a macro over jpeg_CreateDecompress.
    clawpair_jpeg_CreateDecompress(&cinfo, JPEG_LIB_VERSION, sizeof(cinfo));
    clawpair_jpeg_mem_src(&cinfo, data, (unsigned long)size);
    clawpair_jpeg_read_header(&cinfo, TRUE);
    *width = cinfo.image_width;
    *height = cinfo.image_height;
    if (pixels == NULL) {
        clawpair_jpeg_destroy_decompress(&cinfo);
        return CClawShims_JPEGStatusOK;
    }

    // The size check comes before jpeg_start_decompress, which is where libjpeg allocates
    // (for progressive files, a coefficient buffer for the whole image).
    size_t columns = cinfo.image_width, rows = cinfo.image_height;
    if (columns == 0 || rows == 0 || columns > pixelCapacity / rows
        || columns * rows != pixelCapacity) {
        clawpair_jpeg_destroy_decompress(&cinfo);
        return CClawShims_JPEGStatusTooLarge;
    }
    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
        clawpair_jpeg_destroy_decompress(&cinfo);
        return CClawShims_JPEGStatusUnsupportedColor;
    }
    cinfo.out_color_space = JCS_GRAYSCALE;
    clawpair_jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * columns;
        clawpair_jpeg_read_scanlines(&cinfo, &row, 1);
    }
    clawpair_jpeg_finish_decompress(&cinfo);
    clawpair_jpeg_destroy_decompress(&cinfo);
    return CClawShims_JPEGStatusOK;
}
/* ==== TLS (OpenSSL) shims: begin (declarations and reasons in CClawShims.h) ========== */
#include <openssl/bio.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

// Each is the macro's expansion with the prefixed forwarder in place of the function it
// names (SSL_ctrl, SSL_CTX_ctrl, BIO_ctrl, CRYPTO_get_ex_new_index).
int CClawShims_SSL_set_tlsext_host_name(struct ssl_st *ssl, const char *name) {
    return (int)clawpair_SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)name);
}

int CClawShims_SSL_CTX_set_min_proto_version(struct ssl_ctx_st *context, int version) {
    return (int)clawpair_SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, version, NULL);
}

void CClawShims_BIO_set_mem_eof_return(struct bio_st *bio, int value) {
    (void)clawpair_BIO_ctrl(bio, BIO_C_SET_BUF_MEM_EOF_RETURN, value, NULL);
}

int CClawShims_SSL_get_ex_new_index(void) {
    return clawpair_CRYPTO_get_ex_new_index(CRYPTO_EX_INDEX_SSL, 0, NULL, NULL, NULL, NULL);
}
void CClawShims_SSL_CTX_refuse_renegotiation(struct ssl_ctx_st *context) {
    (void)clawpair_SSL_CTX_set_options(context, SSL_OP_NO_RENEGOTIATION);
}
unsigned long CClawShims_XN_FLAG_RFC2253(void) {
    return XN_FLAG_RFC2253;
}
/* ==== TLS (OpenSSL) shims: end ===================================================== */
