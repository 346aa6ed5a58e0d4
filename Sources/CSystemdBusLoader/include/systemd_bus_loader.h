#ifndef BATON_SYSTEMD_BUS_LOADER_H
#define BATON_SYSTEMD_BUS_LOADER_H

/* Whether libsystemd.so.0 could be loaded (the sd-bus functions work). */
int baton_sd_bus_available(void);

#endif
