#ifndef BATON_CTEXTWIDTH_H
#define BATON_CTEXTWIDTH_H
#include <stdint.h>
/// The C library's wcwidth for one code point (-1 for non-printable).
int baton_wcwidth(uint32_t codepoint);
#endif
