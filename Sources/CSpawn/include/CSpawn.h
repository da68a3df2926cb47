#ifndef KATA_CSPAWN_H
#define KATA_CSPAWN_H

#include <sys/types.h>

/// The child stays in kata's process group: a key typed at kata's terminal reaches it as it reaches kata.
#define KATA_SPAWN_KATAS_GROUP 0
/// The child leads a process group of its own, which kata can stop with everything the child started.
#define KATA_SPAWN_OWN_GROUP 1
/// The child leads a session of its own, with no controlling terminal: nothing aimed at kata's terminal reaches it.
#define KATA_SPAWN_NEW_SESSION 2

/// The most descriptors a child is handed (0 to 15).
#define KATA_SPAWN_MOST_DESCRIPTORS 16

/// How kata starts a child: what posix_spawn cannot set, and what every child gets.
struct kata_spawn_options {
    /// One of KATA_SPAWN_KATAS_GROUP, KATA_SPAWN_OWN_GROUP and KATA_SPAWN_NEW_SESSION.
    int group;
    /// Linux: the child is killed when the thread that started it ends (PR_SET_PDEATHSIG), so when kata ends, however
    /// it ends. Ignored elsewhere.
    int dies_with_parent;
    /// RLIMIT_CPU in seconds (the child is sent SIGXCPU, then SIGKILL five seconds later); 0 for none.
    unsigned long long cpu_seconds;
    /// RLIMIT_DATA in bytes (what the child may allocate); 0 for none.
    unsigned long long data_bytes;
    /// RLIMIT_CORE of 0: a child stopped at a limit leaves no core file behind.
    int no_core_file;
    /// The child's descriptors: its descriptor i is kata's `descriptors[i]`, for i below `descriptor_count` (at
    /// least 3, at most KATA_SPAWN_MOST_DESCRIPTORS). The child holds no other descriptor of kata's.
    const int *descriptors;
    int descriptor_count;
};

/// Starts `path` with `argv` and `envp` in `directory` (NULL: kata's), as `options` say, every signal at its default
/// action and none blocked. Returns 0 and sets `pid`, or returns the errno of what failed (the child is then gone).
int kata_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
               const struct kata_spawn_options *options, pid_t *pid);

/// Linux: has kata's watchdog kill every process of `session` (the session a compiler's job started with
/// KATA_SPAWN_NEW_SESSION leads) when kata ends, however it ends, even by `kill -9`: whatever process group it is in
/// (the frontend a driver starts leads a group of its own). The watchdog, named `kata-watchdog` and in a process group
/// of its own, is forked the first time (once per kata, not per job: a fork copies kata's page tables) and holds
/// nothing of kata's but a socket, whose end tells it that kata has ended. Sets `watchdog` to its process ID (a child
/// of kata's for as long as kata runs). Returns 0, or the errno of what failed (ENOSYS elsewhere than on Linux, which
/// has no /proc to find a session's processes in).
int kata_watch_session(pid_t session, pid_t *watchdog);

/// Ends the watch over `session`: with `kill_members`, first kills every process of it that still runs (Linux; the
/// process group `session` leads elsewhere) and returns once they are gone. Called before the job's leader is
/// collected: until then its number, the session's, is not given out again.
void kata_end_session(pid_t session, int kill_members);

#endif
