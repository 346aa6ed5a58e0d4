#ifndef CLAZYCURL_H
#define CLAZYCURL_H

/// The libcurl functions FoundationNetworking calls, defined here as forwarders that load
/// `libcurl.so.4` with dlopen on first use. `baton` links Foundation statically; without these, libcurl
/// and its ~30 dependencies (TLS, Kerberos, LDAP…) would be loaded and bound at every start, although
/// only http(s) page loads use them (≈ 5 ms of a 10 ms start).
///
/// Nothing calls into this module directly: linking it into the executable is enough.

#endif
