// Forwarders for the libcurl API used by FoundationNetworking's _CFURLSessionInterface; see CLazyCurl.h.
// Signatures follow curl.h, easy.h, multi.h and urlapi.h (libcurl 7.62+); handles are opaque pointers and
// the enums are ints. The variadic setopt/getinfo calls always carry exactly one long, pointer or curl_off_t
// argument, which the SysV x86-64 and AArch64 ABIs pass in the same general-purpose register class, so one
// 64-bit value is forwarded.

#include "CLazyCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_library(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        fprintf(stderr, "baton: cannot load libcurl.so.4, which http and https pages need (%s)\n",
                reason != NULL ? reason : "unknown error");
        exit(1);
    }
}

/// The address of a libcurl function; exits with a message when libcurl or the function is missing.
static void *lazy_curl_symbol(const char *name) {
    pthread_once(&once, load_library);
    void *symbol = dlsym(library, name);
    if (symbol == NULL) {
        fprintf(stderr, "baton: libcurl.so.4 has no %s (libcurl 7.62 or later is needed)\n", name);
        exit(1);
    }
    return symbol;
}

// Each forwarder looks its target up once and keeps it (racing first calls store the same address).
#define RESOLVE(target, type, name)                                               \
    static type target;                                                           \
    type resolved = __atomic_load_n(&target, __ATOMIC_ACQUIRE);                   \
    if (resolved == NULL) {                                                       \
        resolved = (type)lazy_curl_symbol(name);                                  \
        __atomic_store_n(&target, resolved, __ATOMIC_RELEASE);                    \
    }

#define FORWARD(ret, name, params, args)                                          \
    ret name params {                                                             \
        typedef ret(*Function) params;                                            \
        RESOLVE(target, Function, #name)                                          \
        return resolved args;                                                     \
    }

#define FORWARD_VOID(name, params, args)                                          \
    void name params {                                                            \
        typedef void(*Function) params;                                           \
        RESOLVE(target, Function, #name)                                          \
        resolved args;                                                            \
    }

#define FORWARD_ONE_VARIADIC(name, handle_type)                                   \
    int name(handle_type handle, int option, ...) {                               \
        typedef int(*Function)(handle_type, int, ...);                            \
        RESOLVE(target, Function, #name)                                          \
        va_list arguments;                                                        \
        va_start(arguments, option);                                              \
        void *value = va_arg(arguments, void *);                                  \
        va_end(arguments);                                                        \
        return resolved(handle, option, value);                                   \
    }

FORWARD(int, curl_global_init, (long flags), (flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(void *, curl_version_info, (int age), (age))
FORWARD_VOID(curl_free, (void *pointer), (pointer))
FORWARD(const char *, curl_easy_strerror, (int code), (code))

FORWARD(void *, curl_easy_init, (void), ())
FORWARD_VOID(curl_easy_cleanup, (void *handle), (handle))
FORWARD(int, curl_easy_pause, (void *handle, int bitmask), (handle, bitmask))
FORWARD_ONE_VARIADIC(curl_easy_setopt, void *)
FORWARD_ONE_VARIADIC(curl_easy_getinfo, void *)

FORWARD(void *, curl_multi_init, (void), ())
FORWARD(int, curl_multi_cleanup, (void *multi), (multi))
FORWARD(int, curl_multi_add_handle, (void *multi, void *easy), (multi, easy))
FORWARD(int, curl_multi_remove_handle, (void *multi, void *easy), (multi, easy))
FORWARD(int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer))
FORWARD(void *, curl_multi_info_read, (void *multi, int *remaining), (multi, remaining))
FORWARD(int, curl_multi_socket_action, (void *multi, int socket, int events, int *running),
        (multi, socket, events, running))
FORWARD_ONE_VARIADIC(curl_multi_setopt, void *)

FORWARD(void *, curl_slist_append, (void *list, const char *text), (list, text))
FORWARD_VOID(curl_slist_free_all, (void *list), (list))

FORWARD(void *, curl_url, (void), ())
FORWARD(int, curl_url_get, (void *url, int part, char **value, unsigned int flags), (url, part, value, flags))
FORWARD(int, curl_url_set, (void *url, int part, const char *value, unsigned int flags),
        (url, part, value, flags))
