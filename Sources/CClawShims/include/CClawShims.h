#ifndef CCLAWSHIMS_H
#define CCLAWSHIMS_H
#include <stddef.h>
#include <stdint.h>

// C that Swift cannot express. Every symbol is prefixed CClawShims_.

// MARK: JPEG
//
// Why this exists: libjpeg reports a corrupt or truncated file through error_exit, whose
// default implementation prints and calls exit(). A library must not exit its host, and the
// only way out of error_exit is longjmp, which Swift cannot do. These functions install a
// handler that longjmps back to them and turn the failure into a status and a message.
// Remove them if libjpeg ever gains an error-code API.

/// What a CClawShims_jpeg* call found.
typedef enum {
    CClawShims_JPEGStatusOK = 0,
    /// libjpeg rejected the data; `message` says why.
    CClawShims_JPEGStatusCorrupt = 1,
    /// The data ended before the image did.
    CClawShims_JPEGStatusTruncated = 2,
    /// The image is larger than the caller's buffer allows; nothing was decoded.
    CClawShims_JPEGStatusTooLarge = 3,
    /// A CMYK/YCCK JPEG, which libjpeg cannot turn into grey.
    CClawShims_JPEGStatusUnsupportedColor = 4,
} CClawShims_JPEGStatus;

/// Reads only the JPEG header of `data` and reports the image size, allocating no raster.
CClawShims_JPEGStatus CClawShims_jpegReadSize(
    const uint8_t *data, size_t size,
    uint32_t *width, uint32_t *height,
    char *message, size_t messageCapacity);

/// Decodes `data` to 8-bit grey, row-major, into `pixels`.
///
/// Refuses with CClawShims_JPEGStatusTooLarge, before libjpeg allocates anything for the
/// image, unless width × height equals `pixelCapacity`; call CClawShims_jpegReadSize first,
/// check the size, then allocate the buffer.
CClawShims_JPEGStatus CClawShims_jpegDecodeGray(
    const uint8_t *data, size_t size,
    uint8_t *pixels, size_t pixelCapacity,
    char *message, size_t messageCapacity);

#endif
