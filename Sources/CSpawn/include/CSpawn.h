#ifndef KATA_CSPAWN_H
#define KATA_CSPAWN_H

#include <sys/types.h>

/// How kata starts a compiler's job: what posix_spawn cannot set.
struct kata_spawn_options {
    /// Start the job in a process group of its own, so that kata can stop it with everything it started.
    int new_process_group;
    /// Linux: the job is killed when the thread that started it ends (PR_SET_PDEATHSIG), so when kata ends, however
    /// it ends. Ignored elsewhere.
    int dies_with_parent;
    /// RLIMIT_CPU in seconds (the job is sent SIGXCPU, then SIGKILL five seconds later); 0 for none.
    unsigned long long cpu_seconds;
    /// RLIMIT_DATA in bytes (what the job may allocate); 0 for none.
    unsigned long long data_bytes;
};

/// Starts `path` with `argv` and `envp` in `directory` (NULL: kata's), standard input from `input`, standard output
/// and error to `output`, every signal at its default action and none blocked. Returns 0 and sets `pid`, or returns
/// the errno of what failed.
int kata_spawn(const char *path, char *const argv[], char *const envp[], const char *directory, int input, int output,
               const struct kata_spawn_options *options, pid_t *pid);

#endif
