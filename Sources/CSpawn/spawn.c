// kata's one way to start a process (ProcessLaunch in KataBasics). posix_spawn cannot ask the kernel to kill the
// child when kata dies (PR_SET_PDEATHSIG), nor set its resource limits, so this does what glibc's posix_spawn does
// (vfork, then only system calls until exec) with those steps added. Between vfork and exec the child shares kata's
// memory and runs on this thread's stack: it calls nothing but async-signal-safe functions, and reports a failure
// through a pipe.

#include "CSpawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#endif

/// Closes every descriptor from `first` on but `keep`, up to `highest`; on Linux, -1 for `highest` means that
/// close_range works, which closes them all in one call whatever their number.
static void close_from(int first, int keep, int highest) {
#ifdef __linux__
    if (highest < 0) {
        if (keep > first) {
            syscall(SYS_close_range, (unsigned)first, (unsigned)keep - 1, 0U);
        }
        syscall(SYS_close_range, (unsigned)keep + 1, ~0U, 0U);
        return;
    }
#endif
    for (int fd = first; fd <= highest; fd++) {
        if (fd != keep) {
            close(fd);
        }
    }
}

static void child(const char *path, char *const argv[], char *const envp[], const char *directory,
                  const struct kata_spawn_options *options, pid_t parent, int report, int highest) {
    // kata's own handlers must not run here (they would run on kata's memory): every signal to its default.
    struct sigaction standard;
    standard.sa_handler = SIG_DFL;
    standard.sa_flags = 0;
    sigemptyset(&standard.sa_mask);
    for (int number = 1; number < NSIG; number++) {
        if (number != SIGKILL && number != SIGSTOP) {
            sigaction(number, &standard, NULL);
        }
    }
    int count = options->descriptor_count;
    // The report goes above the descriptors handed over, so that placing them cannot close it.
    int moved_report = fcntl(report, F_DUPFD_CLOEXEC, count);
    if (moved_report < 0) {
        goto failed;
    }
    report = moved_report;
    if (options->group == KATA_SPAWN_OWN_GROUP && setpgid(0, 0) != 0) {
        goto failed;
    }
    if (options->group == KATA_SPAWN_NEW_SESSION && setsid() < 0) {
        goto failed;
    }
#ifdef __linux__
    if (options->dies_with_parent) {
        if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) {
            goto failed;
        }
        // kata died before the line above: the kernel will not say so any more.
        if (getppid() != parent) {
            _exit(127);
        }
    }
#else
    (void)parent;
#endif
    if (options->cpu_seconds > 0) {
        struct rlimit cpu = {options->cpu_seconds, options->cpu_seconds + 5};
        if (setrlimit(RLIMIT_CPU, &cpu) != 0) {
            goto failed;
        }
    }
    if (options->data_bytes > 0) {
        struct rlimit data = {options->data_bytes, options->data_bytes};
        if (setrlimit(RLIMIT_DATA, &data) != 0) {
            goto failed;
        }
    }
    if (options->no_core_file) {
        struct rlimit core = {0, 0};
        setrlimit(RLIMIT_CORE, &core);
    }
    if (directory != NULL && chdir(directory) != 0) {
        goto failed;
    }
    // A descriptor that is also a place (the child's 1 taken from kata's 2) is copied out of the way first, so that
    // an earlier place cannot overwrite it.
    int sources[KATA_SPAWN_MOST_DESCRIPTORS];
    for (int place = 0; place < count; place++) {
        int source = options->descriptors[place];
        sources[place] = source < count ? fcntl(source, F_DUPFD_CLOEXEC, count) : source;
        if (sources[place] < 0) {
            goto failed;
        }
    }
    for (int place = 0; place < count; place++) {
        if (dup2(sources[place], place) < 0) {
            goto failed;
        }
    }
    close_from(count, report, highest);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(path, argv, envp);
failed:;
    int error = errno;
    while (write(report, &error, sizeof error) < 0 && errno == EINTR) {
    }
    _exit(127);
}

/// The highest descriptor the child has to close, found before it starts: -1 where close_range works (Linux 5.9 and
/// later, where no container's filter refuses it), otherwise the highest that is open now. A descriptor another
/// thread opens in between without close-on-exec is then inherited, as it was with posix_spawn.
static int highest_to_close(void) {
#ifdef __linux__
    // 1 when close_range works, -1 when it does not, 0 before the first child.
    static int close_range_works = 0;
    int known = __atomic_load_n(&close_range_works, __ATOMIC_RELAXED);
    if (known == 0) {
        known = syscall(SYS_close_range, ~0U, ~0U, 0U) == 0 ? 1 : -1;
        __atomic_store_n(&close_range_works, known, __ATOMIC_RELAXED);
    }
    if (known > 0) {
        return -1;
    }
    DIR *folder = opendir("/proc/self/fd");
    if (folder != NULL) {
        int highest = 2;
        struct dirent *entry;
        while ((entry = readdir(folder)) != NULL) {
            int fd = atoi(entry->d_name);
            if (fd > highest) {
                highest = fd;
            }
        }
        closedir(folder);
        return highest;
    }
#endif
    long most = sysconf(_SC_OPEN_MAX);
    return most > 0 && most < 65536 ? (int)most - 1 : 65535;
}

int kata_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
               const struct kata_spawn_options *options, pid_t *pid) {
    if (options->descriptor_count < 3 || options->descriptor_count > KATA_SPAWN_MOST_DESCRIPTORS) {
        return EINVAL;
    }
    int highest = highest_to_close();
    int report[2];
    if (pipe(report) != 0) {
        return errno;
    }
    if (fcntl(report[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(report[1], F_SETFD, FD_CLOEXEC) != 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return error;
    }
    // No signal handler of kata's may run in the child while it shares kata's memory: all blocked until it has
    // set them to their defaults, and here until it has gone.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t parent = getpid();
#ifdef __linux__
    pid_t started = vfork();
#else
    pid_t started = fork();
#endif
    if (started == 0) {
        child(path, argv, envp, directory, options, parent, report[1], highest);
    }
    int error = started < 0 ? errno : 0;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (started > 0) {
        int failure = 0;
        ssize_t count;
        while ((count = read(report[0], &failure, sizeof failure)) < 0 && errno == EINTR) {
        }
        if (count == sizeof failure) {
            int status;
            while (waitpid(started, &status, 0) < 0 && errno == EINTR) {
            }
            error = failure;
        } else {
            *pid = started;
        }
    }
    close(report[0]);
    return error;
}
