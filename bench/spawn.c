// What starting a process costs, the way kata does it now (kata_spawn: vfork, the child's descriptors placed and
// every other closed, then for a compiler's job its own process group, PR_SET_PDEATHSIG, CPU and data limits, and a
// waitid and a kill of the group after it ends) against the ways it was or could be done: posix_spawn (no limits,
// nothing ends it with kata), kata_spawn as it was before it started every process (`before_spawn`, the version of
// 7c20f04, which bench/spawn.sh compiles beside this one), posix_spawn of `setpriv --pdeathsig KILL` in front of the
// job, fork (what a supervisor process in C would cost), a session of its own watched by kata's watchdog
// (kata_watch_session, what a compiler's job costs now); and for a learner's program (standard input and results
// on 3 from pipes, output to a file, a group of its own), posix_spawn as SandboxedProcess did against kata_spawn.
// Each starts /bin/true from a process holding `argv[1]` MiB, as kata holds its own memory; the ways are
// interleaved, and medians printed as a Markdown table. Built and run by bench/spawn.sh.
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "CSpawn.h"
#include "before.h"

extern char **environ;

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec + time.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void drain(int fd) {
    char buffer[4096];
    for (;;) {
        struct pollfd poller = {fd, POLLIN, 0};
        poll(&poller, 1, 60000);
        if (read(fd, buffer, sizeof buffer) <= 0) {
            break;
        }
    }
}

static double spawned(char *const argv[]) {
    int output[2];
    pipe2(output, O_CLOEXEC);
    double start = now();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, output[1], 1);
    posix_spawn_file_actions_adddup2(&actions, output[1], 2);
    pid_t pid;
    posix_spawn(&pid, argv[0], &actions, NULL, argv, environ);
    close(output[1]);
    drain(output[0]);
    int status;
    waitpid(pid, &status, 0);
    posix_spawn_file_actions_destroy(&actions);
    close(output[0]);
    return now() - start;
}

static double limited_before(char *const argv[]) {
    int output[2];
    pipe2(output, O_CLOEXEC);
    int input = open("/dev/null", O_RDONLY | O_CLOEXEC);
    double start = now();
    struct before_spawn_options options = {1, 1, 125, 4ULL << 30};
    pid_t pid;
    before_spawn(argv[0], argv, environ, NULL, input, output[1], &options, &pid);
    close(output[1]);
    drain(output[0]);
    siginfo_t info;
    waitid(P_PID, pid, &info, WEXITED | WNOWAIT);
    kill(-pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    close(output[0]);
    close(input);
    return now() - start;
}

/// /dev/null, opened once, as ProcessLaunch does.
static int null_device = -1;

static double limited(char *const argv[]) {
    int output[2];
    pipe2(output, O_CLOEXEC);
    double start = now();
    int descriptors[] = {null_device, output[1], output[1]};
    struct kata_spawn_options options = {KATA_SPAWN_OWN_GROUP, 1, 125, 4ULL << 30, 1, descriptors, 3};
    pid_t pid;
    kata_spawn(argv[0], argv, environ, NULL, &options, &pid);
    close(output[1]);
    drain(output[0]);
    siginfo_t info;
    waitid(P_PID, pid, &info, WEXITED | WNOWAIT);
    kill(-pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    close(output[0]);
    return now() - start;
}

/// What SandboxedProcess did before: posix_spawn with the program's four descriptors, a group of its own, no signal
/// blocked and every signal at its default; then its secret on standard input, its results read to their end.
static double program_before(char *const argv[]) {
    int input[2], events[2];
    pipe2(input, O_CLOEXEC);
    pipe2(events, O_CLOEXEC);
    int output = open("/dev/null", O_WRONLY | O_CLOEXEC);
    double start = now();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input[0], 0);
    posix_spawn_file_actions_adddup2(&actions, output, 1);
    posix_spawn_file_actions_adddup2(&actions, output, 2);
    posix_spawn_file_actions_adddup2(&actions, events[1], 3);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    pid_t pid;
    posix_spawn(&pid, argv[0], &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(input[0]);
    close(events[1]);
    write(input[1], "secret\n", 7);
    close(input[1]);
    drain(events[0]);
    int status;
    waitpid(pid, &status, 0);
    close(events[0]);
    close(output);
    return now() - start;
}

/// What SandboxedProcess does now: the same, through kata_spawn.
static double program(char *const argv[]) {
    int input[2], events[2];
    pipe2(input, O_CLOEXEC);
    pipe2(events, O_CLOEXEC);
    int output = open("/dev/null", O_WRONLY | O_CLOEXEC);
    double start = now();
    int descriptors[] = {input[0], output, output, events[1]};
    struct kata_spawn_options options = {KATA_SPAWN_OWN_GROUP, 0, 0, 0, 0, descriptors, 4};
    pid_t pid;
    kata_spawn(argv[0], argv, environ, NULL, &options, &pid);
    close(input[0]);
    close(events[1]);
    write(input[1], "secret\n", 7);
    close(input[1]);
    drain(events[0]);
    int status;
    waitpid(pid, &status, 0);
    close(events[0]);
    close(output);
    return now() - start;
}

/// A compiler's job as kata starts it now: a session of its own, which kata's watchdog (forked once, by the first
/// call) ends with kata; the watch ended once the job ended in success (`sweep` 0), or after killing what is left of
/// the session, as after a stopped or failed job (`sweep` 1, which reads /proc).
static double watched(char *const argv[], int sweep) {
    int output[2];
    pipe2(output, O_CLOEXEC);
    double start = now();
    int descriptors[] = {null_device, output[1], output[1]};
    struct kata_spawn_options options = {KATA_SPAWN_NEW_SESSION, 1, 125, 4ULL << 30, 1, descriptors, 3};
    pid_t pid, watchdog;
    kata_spawn(argv[0], argv, environ, NULL, &options, &pid);
    kata_watch_session(pid, &watchdog);
    close(output[1]);
    drain(output[0]);
    siginfo_t info;
    waitid(P_PID, pid, &info, WEXITED | WNOWAIT);
    kill(-pid, SIGKILL);
    kata_end_session(pid, sweep);
    int status;
    waitpid(pid, &status, 0);
    close(output[0]);
    return now() - start;
}

static double forked(char *const argv[]) {
    double start = now();
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        execve(argv[0], argv, environ);
        _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);
    return now() - start;
}

enum { runs = 400, ways = 9 };
static double times[ways][runs];

int main(int argc, char **argv) {
    size_t mebibytes = argc > 1 ? (size_t)atoi(argv[1]) : 64;
    char *held = malloc(mebibytes << 20);
    memset(held, 1, mebibytes << 20);
    null_device = open("/dev/null", O_RDWR | O_CLOEXEC);
    // /bin/true ends without reading its secret: writing it must not end the benchmark.
    signal(SIGPIPE, SIG_IGN);
    char *job[] = {"/bin/true", NULL};
    char *wrapped[] = {"/usr/bin/setpriv", "--pdeathsig", "KILL", "/bin/true", NULL};
    int setpriv = access(wrapped[0], X_OK) == 0;
    for (int run = 0; run < runs; run++) {
        times[0][run] = spawned(job);
        times[1][run] = limited_before(job);
        times[2][run] = limited(job);
        times[3][run] = setpriv ? spawned(wrapped) : 0;
        times[4][run] = forked(job);
        times[5][run] = program_before(job);
        times[6][run] = program(job);
        times[7][run] = watched(job, 0);
        times[8][run] = watched(job, 1);
    }
    const char *names[] = {
        "posix_spawn, no limits (baseline)",
        "compiler's job, before: kata_spawn of 7c20f04 (own group, PDEATHSIG, limits, group killed after)",
        "compiler's job, now: kata_spawn, descriptors placed and the rest closed",
        "posix_spawn of setpriv --pdeathsig KILL",
        "fork, then PDEATHSIG (a supervisor's cost)",
        "learner's program, before: posix_spawn (fds 0-3, own group, signals at default)",
        "learner's program, now: kata_spawn (fds 0-3, own group, the rest closed)",
        "compiler's job, now: a session of its own, watched by kata's watchdog, then let go",
        "the same, stopped or failed: what is left of its session killed (reads /proc)"};
    printf("| Starting /bin/true from a process holding %zu MiB | Median | p10 | Over the baseline |\n", mebibytes);
    printf("| --- | ---: | ---: | ---: |\n");
    double baseline = 0;
    for (int way = 0; way < ways; way++) {
        qsort(times[way], runs, sizeof(double), compare);
        double median = times[way][runs / 2] * 1e3;
        if (way == 0) {
            baseline = median;
        }
        printf("| %s | %.3f ms | %.3f ms | %+.3f ms |\n", names[way], median, times[way][runs / 10] * 1e3,
               median - baseline);
    }
    free(held);
    return 0;
}
