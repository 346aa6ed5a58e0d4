#ifndef BATON_CGUMBO_SHIM_H
#define BATON_CGUMBO_SHIM_H
#include <gumbo.h>
#endif
