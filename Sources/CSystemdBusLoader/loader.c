/* sd-bus loaded when first used (dlopen of libsystemd.so.0), not at every start of `baton`: linking libsystemd
   put seven shared libraries (libsystemd and its libcap, libgcrypt, libgpg-error, liblzma, libzstd, liblz4) in
   front of every CLI call and suite start, about 0.5 ms each time on the machine that measured it, for a bridge
   and a server most runs never use. Each function below has sd-bus's own prototype (the header checks them) and
   calls the real one; without libsystemd they fail with -ENOSYS (or NULL), which the callers report. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <systemd/sd-bus.h>

#include "systemd_bus_loader.h"

static void *library;
static pthread_once_t loading = PTHREAD_ONCE_INIT;

static void load(void) { library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL); }

int baton_sd_bus_available(void) {
    pthread_once(&loading, load);
    return library != NULL;
}

/* The real function `name`, or NULL without libsystemd. */
static void *baton_sd_bus_symbol(const char *name) {
    pthread_once(&loading, load);
    return library ? dlsym(library, name) : NULL;
}

/* The real `name`, looked up once (a GNU statement expression, as clang and gcc have). */
#define LOOKUP(name)                                                 \
    ({                                                               \
        static void *cached;                                         \
        void *symbol = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);   \
        if (!symbol) {                                               \
            symbol = baton_sd_bus_symbol(#name);                     \
            __atomic_store_n(&cached, symbol, __ATOMIC_RELEASE);     \
        }                                                            \
        symbol;                                                      \
    })

int sd_bus_add_filter(sd_bus *bus, sd_bus_slot **slot, sd_bus_message_handler_t callback, void *userdata) {
    int (*real)(sd_bus *bus, sd_bus_slot **slot, sd_bus_message_handler_t callback, void *userdata) = LOOKUP(sd_bus_add_filter);
    return real ? real(bus, slot, callback, userdata) : -ENOSYS;
}

int sd_bus_add_match(sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback, void *userdata) {
    int (*real)(sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback, void *userdata) = LOOKUP(sd_bus_add_match);
    return real ? real(bus, slot, match, callback, userdata) : -ENOSYS;
}

int sd_bus_add_object(sd_bus *bus, sd_bus_slot **slot, const char *path, sd_bus_message_handler_t callback, void *userdata) {
    int (*real)(sd_bus *bus, sd_bus_slot **slot, const char *path, sd_bus_message_handler_t callback, void *userdata) = LOOKUP(sd_bus_add_object);
    return real ? real(bus, slot, path, callback, userdata) : -ENOSYS;
}

int sd_bus_call_async(sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata, uint64_t usec) {
    int (*real)(sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata, uint64_t usec) = LOOKUP(sd_bus_call_async);
    return real ? real(bus, slot, m, callback, userdata, usec) : -ENOSYS;
}

void sd_bus_error_free(sd_bus_error *e) {
    void (*real)(sd_bus_error *e) = LOOKUP(sd_bus_error_free);
    if (real) real(e);
}

int sd_bus_error_is_set(const sd_bus_error *e) {
    int (*real)(const sd_bus_error *e) = LOOKUP(sd_bus_error_is_set);
    return real ? real(e) : -ENOSYS;
}

int sd_bus_error_set(sd_bus_error *e, const char *name, const char *message) {
    int (*real)(sd_bus_error *e, const char *name, const char *message) = LOOKUP(sd_bus_error_set);
    return real ? real(e, name, message) : -ENOSYS;
}

sd_bus* sd_bus_flush_close_unref(sd_bus *bus) {
    sd_bus* (*real)(sd_bus *bus) = LOOKUP(sd_bus_flush_close_unref);
    return real ? real(bus) : NULL;
}

int sd_bus_get_events(sd_bus *bus) {
    int (*real)(sd_bus *bus) = LOOKUP(sd_bus_get_events);
    return real ? real(bus) : -ENOSYS;
}

int sd_bus_get_fd(sd_bus *bus) {
    int (*real)(sd_bus *bus) = LOOKUP(sd_bus_get_fd);
    return real ? real(bus) : -ENOSYS;
}

int sd_bus_get_timeout(sd_bus *bus, uint64_t *timeout_usec) {
    int (*real)(sd_bus *bus, uint64_t *timeout_usec) = LOOKUP(sd_bus_get_timeout);
    return real ? real(bus, timeout_usec) : -ENOSYS;
}

int sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p) {
    int (*real)(sd_bus_message *m, char type, const void *p) = LOOKUP(sd_bus_message_append_basic);
    return real ? real(m, type, p) : -ENOSYS;
}

int sd_bus_message_close_container(sd_bus_message *m) {
    int (*real)(sd_bus_message *m) = LOOKUP(sd_bus_message_close_container);
    return real ? real(m) : -ENOSYS;
}

int sd_bus_message_enter_container(sd_bus_message *m, char type, const char *contents) {
    int (*real)(sd_bus_message *m, char type, const char *contents) = LOOKUP(sd_bus_message_enter_container);
    return real ? real(m, type, contents) : -ENOSYS;
}

int sd_bus_message_exit_container(sd_bus_message *m) {
    int (*real)(sd_bus_message *m) = LOOKUP(sd_bus_message_exit_container);
    return real ? real(m) : -ENOSYS;
}

const sd_bus_error* sd_bus_message_get_error(sd_bus_message *m) {
    const sd_bus_error* (*real)(sd_bus_message *m) = LOOKUP(sd_bus_message_get_error);
    return real ? real(m) : NULL;
}

const char* sd_bus_message_get_interface(sd_bus_message *m) {
    const char* (*real)(sd_bus_message *m) = LOOKUP(sd_bus_message_get_interface);
    return real ? real(m) : NULL;
}

const char* sd_bus_message_get_member(sd_bus_message *m) {
    const char* (*real)(sd_bus_message *m) = LOOKUP(sd_bus_message_get_member);
    return real ? real(m) : NULL;
}

const char* sd_bus_message_get_sender(sd_bus_message *m) {
    const char* (*real)(sd_bus_message *m) = LOOKUP(sd_bus_message_get_sender);
    return real ? real(m) : NULL;
}

int sd_bus_message_has_signature(sd_bus_message *m, const char *signature) {
    int (*real)(sd_bus_message *m, const char *signature) = LOOKUP(sd_bus_message_has_signature);
    return real ? real(m, signature) : -ENOSYS;
}

int sd_bus_message_new_method_call(sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member) {
    int (*real)(sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member) = LOOKUP(sd_bus_message_new_method_call);
    return real ? real(bus, m, destination, path, interface, member) : -ENOSYS;
}

int sd_bus_message_new_method_return(sd_bus_message *call, sd_bus_message **m) {
    int (*real)(sd_bus_message *call, sd_bus_message **m) = LOOKUP(sd_bus_message_new_method_return);
    return real ? real(call, m) : -ENOSYS;
}

int sd_bus_message_new_signal(sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member) {
    int (*real)(sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member) = LOOKUP(sd_bus_message_new_signal);
    return real ? real(bus, m, path, interface, member) : -ENOSYS;
}

int sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents) {
    int (*real)(sd_bus_message *m, char type, const char *contents) = LOOKUP(sd_bus_message_open_container);
    return real ? real(m, type, contents) : -ENOSYS;
}

int sd_bus_message_peek_type(sd_bus_message *m, char *type, const char **contents) {
    int (*real)(sd_bus_message *m, char *type, const char **contents) = LOOKUP(sd_bus_message_peek_type);
    return real ? real(m, type, contents) : -ENOSYS;
}

int sd_bus_message_read_array(sd_bus_message *m, char type, const void **ptr, size_t *size) {
    int (*real)(sd_bus_message *m, char type, const void **ptr, size_t *size) = LOOKUP(sd_bus_message_read_array);
    return real ? real(m, type, ptr, size) : -ENOSYS;
}

int sd_bus_message_read_basic(sd_bus_message *m, char type, void *p) {
    int (*real)(sd_bus_message *m, char type, void *p) = LOOKUP(sd_bus_message_read_basic);
    return real ? real(m, type, p) : -ENOSYS;
}

sd_bus_message* sd_bus_message_ref(sd_bus_message *m) {
    sd_bus_message* (*real)(sd_bus_message *m) = LOOKUP(sd_bus_message_ref);
    return real ? real(m) : NULL;
}

int sd_bus_message_skip(sd_bus_message *m, const char *types) {
    int (*real)(sd_bus_message *m, const char *types) = LOOKUP(sd_bus_message_skip);
    return real ? real(m, types) : -ENOSYS;
}

sd_bus_message* sd_bus_message_unref(sd_bus_message *m) {
    sd_bus_message* (*real)(sd_bus_message *m) = LOOKUP(sd_bus_message_unref);
    return real ? real(m) : NULL;
}

int sd_bus_new(sd_bus **ret) {
    int (*real)(sd_bus **ret) = LOOKUP(sd_bus_new);
    return real ? real(ret) : -ENOSYS;
}

int sd_bus_process(sd_bus *bus, sd_bus_message **r) {
    int (*real)(sd_bus *bus, sd_bus_message **r) = LOOKUP(sd_bus_process);
    return real ? real(bus, r) : -ENOSYS;
}

int sd_bus_reply_method_error(sd_bus_message *call, const sd_bus_error *e) {
    int (*real)(sd_bus_message *call, const sd_bus_error *e) = LOOKUP(sd_bus_reply_method_error);
    return real ? real(call, e) : -ENOSYS;
}

int sd_bus_request_name(sd_bus *bus, const char *name, uint64_t flags) {
    int (*real)(sd_bus *bus, const char *name, uint64_t flags) = LOOKUP(sd_bus_request_name);
    return real ? real(bus, name, flags) : -ENOSYS;
}

int sd_bus_send(sd_bus *bus, sd_bus_message *m, uint64_t *cookie) {
    int (*real)(sd_bus *bus, sd_bus_message *m, uint64_t *cookie) = LOOKUP(sd_bus_send);
    return real ? real(bus, m, cookie) : -ENOSYS;
}

int sd_bus_set_address(sd_bus *bus, const char *address) {
    int (*real)(sd_bus *bus, const char *address) = LOOKUP(sd_bus_set_address);
    return real ? real(bus, address) : -ENOSYS;
}

int sd_bus_set_bus_client(sd_bus *bus, int b) {
    int (*real)(sd_bus *bus, int b) = LOOKUP(sd_bus_set_bus_client);
    return real ? real(bus, b) : -ENOSYS;
}

int sd_bus_slot_set_destroy_callback(sd_bus_slot *s, sd_bus_destroy_t callback) {
    int (*real)(sd_bus_slot *s, sd_bus_destroy_t callback) = LOOKUP(sd_bus_slot_set_destroy_callback);
    return real ? real(s, callback) : -ENOSYS;
}

sd_bus_slot* sd_bus_slot_unref(sd_bus_slot *slot) {
    sd_bus_slot* (*real)(sd_bus_slot *slot) = LOOKUP(sd_bus_slot_unref);
    return real ? real(slot) : NULL;
}

int sd_bus_start(sd_bus *bus) {
    int (*real)(sd_bus *bus) = LOOKUP(sd_bus_start);
    return real ? real(bus) : -ENOSYS;
}

sd_bus* sd_bus_unref(sd_bus *bus) {
    sd_bus* (*real)(sd_bus *bus) = LOOKUP(sd_bus_unref);
    return real ? real(bus) : NULL;
}
