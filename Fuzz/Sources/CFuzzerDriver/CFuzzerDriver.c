// Declarations only (include/CFuzzerDriver.h); libFuzzer's runtime defines them.
#include "CFuzzerDriver.h"
