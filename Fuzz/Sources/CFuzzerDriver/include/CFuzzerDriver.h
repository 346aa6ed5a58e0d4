#ifndef C_FUZZER_DRIVER_H
#define C_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the runtime `-sanitize=fuzzer` links): parses libFuzzer's options from the command
/// line and fuzzes `callback`. SwiftPM gives every executable its own entry point, so the targets call this from
/// their `main.swift` instead of linking libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
