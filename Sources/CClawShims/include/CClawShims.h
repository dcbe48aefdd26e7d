#ifndef CCLAWSHIMS_H
#define CCLAWSHIMS_H
#include <stddef.h>
#include <stdint.h>
#endif
