#include "CClawShims.h"
