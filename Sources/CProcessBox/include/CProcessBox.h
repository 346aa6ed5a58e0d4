#ifndef CPROCESSBOX_H
#define CPROCESSBOX_H

/// Makes the calling process a child subreaper (PR_SET_CHILD_SUBREAPER): orphaned descendants are
/// reparented to it instead of init, so a host can still find and reap what its extensions forked.
/// Returns 0 on success, else -1 with errno set.
int baton_become_subreaper(void);

#endif
