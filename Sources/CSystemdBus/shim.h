#ifndef BATON_CSYSTEMDBUS_SHIM_H
#define BATON_CSYSTEMDBUS_SHIM_H

/* sd-bus (libsystemd-dev): the D-Bus library of the notification server and the desktop bridge. Only its plain
   functions are used (the vtable macros and the variadic helpers do not import into Swift); they are linked
   from CSystemdBusLoader, which loads libsystemd.so.0 on first use. */
#include <systemd/sd-bus.h>
#include <time.h>

/* CLOCK_MONOTONIC in microseconds: sd_bus_get_timeout's clock. */
static inline unsigned long long baton_monotonic_usec(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (unsigned long long)now.tv_sec * 1000000ULL + (unsigned long long)now.tv_nsec / 1000ULL;
}

#endif
