#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "ctextwidth.h"

int baton_wcwidth(uint32_t codepoint) { return wcwidth((wchar_t)codepoint); }
