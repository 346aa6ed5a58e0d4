// The module is header-only (see include/CMallocTuning.h); SwiftPM needs one source file per C target.
#include "CMallocTuning.h"
