// What starting one compiler's job costs, the way kata does it now (kata_spawn: vfork, its own process group,
// PR_SET_PDEATHSIG, CPU and data limits, then a waitid and a kill of the group after it ends) against the ways
// it could be done: posix_spawn as before (no limits, nothing ends it with kata), posix_spawn of
// `setpriv --pdeathsig KILL` in front of the job, and fork (what a supervisor process in C would cost).
// Each starts /bin/true from a process holding `argv[1]` MiB, as kata holds its own memory; the four are
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

static double limited(char *const argv[]) {
    int output[2];
    pipe2(output, O_CLOEXEC);
    int input = open("/dev/null", O_RDONLY | O_CLOEXEC);
    double start = now();
    struct kata_spawn_options options = {1, 1, 125, 4ULL << 30};
    pid_t pid;
    kata_spawn(argv[0], argv, environ, NULL, input, output[1], &options, &pid);
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

enum { runs = 400 };
static double times[4][runs];

int main(int argc, char **argv) {
    size_t mebibytes = argc > 1 ? (size_t)atoi(argv[1]) : 64;
    char *held = malloc(mebibytes << 20);
    memset(held, 1, mebibytes << 20);
    char *job[] = {"/bin/true", NULL};
    char *wrapped[] = {"/usr/bin/setpriv", "--pdeathsig", "KILL", "/bin/true", NULL};
    int setpriv = access(wrapped[0], X_OK) == 0;
    for (int run = 0; run < runs; run++) {
        times[0][run] = spawned(job);
        times[1][run] = limited(job);
        times[2][run] = setpriv ? spawned(wrapped) : 0;
        times[3][run] = forked(job);
    }
    const char *names[] = {
        "posix_spawn, as before (baseline)", "kata_spawn: own group, PDEATHSIG, limits, group killed after",
        "posix_spawn of setpriv --pdeathsig KILL", "fork, then PDEATHSIG (a supervisor's cost)"};
    printf("| Starting /bin/true from a process holding %zu MiB | Median | p10 | Over the baseline |\n", mebibytes);
    printf("| --- | ---: | ---: | ---: |\n");
    double baseline = 0;
    for (int way = 0; way < 4; way++) {
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
