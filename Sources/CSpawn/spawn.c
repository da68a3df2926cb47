// kata's one way to start a process (ProcessLaunch in KataBasics). posix_spawn cannot ask the kernel to kill the
// child when kata dies (PR_SET_PDEATHSIG), nor set its resource limits, so this does what glibc's posix_spawn does
// (vfork, then only system calls until exec) with those steps added. Between vfork and exec the child shares kata's
// memory and runs on this thread's stack: it calls nothing but async-signal-safe functions, and reports a failure
// through a pipe. The one other child is kata's watchdog (kata_watch_session), a fork that ends compilers' whole
// sessions when kata dies.

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
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
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

/// Every signal to its default action: kata's own handlers must not run in a child (they would run on kata's memory).
static void default_signal_handlers(void) {
    struct sigaction standard;
    standard.sa_handler = SIG_DFL;
    standard.sa_flags = 0;
    sigemptyset(&standard.sa_mask);
    for (int number = 1; number < NSIG; number++) {
        if (number != SIGKILL && number != SIGSTOP) {
            sigaction(number, &standard, NULL);
        }
    }
}

static void child(const char *path, char *const argv[], char *const envp[], const char *directory,
                  const struct kata_spawn_options *options, pid_t parent, int report, int highest) {
    default_signal_handlers();
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

#ifdef __linux__
/// The number written in decimal at the start of `text` (atol may consult the locale, which a fork must not).
static long decimal(const char *text) {
    long number = 0;
    while (*text >= '0' && *text <= '9') {
        number = number * 10 + (*text - '0');
        text++;
    }
    return number;
}

/// Reads the state and the session of process `pid` (its name in /proc) from /proc/<pid>/stat into `state` and
/// `session`; 0 when it could not (the process has gone). Only system calls: the watchdog, a fork of a threaded
/// process, runs it too.
static int read_stat(const char *pid, char *state, long *session) {
    char path[64] = "/proc/";
    size_t length = strlen(pid);
    if (length > 20) {
        return 0;
    }
    memcpy(path + 6, pid, length);
    memcpy(path + 6 + length, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return 0;
    }
    char text[512];
    ssize_t count;
    while ((count = read(fd, text, sizeof text - 1)) < 0 && errno == EINTR) {
    }
    close(fd);
    if (count <= 0) {
        return 0;
    }
    text[count] = 0;
    // "pid (name) state ppid pgrp session ...": the name may hold spaces and parentheses, so from its last ")".
    char *field = strrchr(text, ')');
    if (field == NULL || field[1] != ' ') {
        return 0;
    }
    field += 2;
    *state = *field;
    for (int skipped = 0; skipped < 3; skipped++) {
        field = strchr(field, ' ');
        if (field == NULL) {
            return 0;
        }
        field++;
    }
    *session = decimal(field);
    return 1;
}

/// Sends SIGKILL to every process, not yet ended, of one of the `count` sessions in `sessions`; returns how many.
static int kill_sessions(const pid_t *sessions, int count) {
    int proc = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc < 0) {
        return 0;
    }
    int found = 0;
    char entries[4096];
    long size;
    while ((size = syscall(SYS_getdents64, proc, entries, sizeof entries)) > 0) {
        for (long offset = 0; offset < size;) {
            // struct linux_dirent64: inode (8 bytes), offset (8), record length (2), type (1), name.
            unsigned short length;
            memcpy(&length, entries + offset + 16, sizeof length);
            const char *name = entries + offset + 19;
            offset += length;
            char state;
            long session;
            if (name[0] < '1' || name[0] > '9' || !read_stat(name, &state, &session) || state == 'Z' || state == 'X') {
                continue;
            }
            for (int index = 0; index < count; index++) {
                if (sessions[index] == session) {
                    kill((pid_t)decimal(name), SIGKILL);
                    found++;
                    break;
                }
            }
        }
    }
    close(proc);
    return found;
}

/// Kills the `count` sessions in `sessions` until nothing of them runs (a driver may be starting another frontend as
/// it dies), for five seconds at most.
static void end_sessions(const pid_t *sessions, int count) {
    struct timespec pause = {0, 10 * 1000 * 1000};
    for (int round = 0; round < 500 && kill_sessions(sessions, count) > 0; round++) {
        nanosleep(&pause, NULL);
    }
}

/// The most sessions the watchdog keeps (kata runs a few jobs at once); one more is not watched.
#define MOST_WATCHED 256

/// The watchdog: named `kata-watchdog`, in a process group of its own in kata's session (no key at kata's terminal
/// reaches it, and a kata that ends a dead detached kata's session can tell it apart and let it finish its work),
/// holding no descriptor but its end of `channel`. It keeps the sessions kata names (a positive number: watch it; a
/// negative one: no longer), until the channel ends: kata has ended, however it ended. Then it kills them.
static void watch(int channel, int highest) {
    default_signal_handlers();
    setpgid(0, 0);
    prctl(PR_SET_NAME, "kata-watchdog", 0, 0, 0);
    close_from(0, channel, highest);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    pid_t sessions[MOST_WATCHED];
    int count = 0;
    for (;;) {
        int message;
        ssize_t size = recv(channel, &message, sizeof message, 0);
        if (size < 0 && errno == EINTR) {
            continue;
        }
        if (size <= 0) {
            break;
        }
        if (size != sizeof message || message == 0) {
            continue;
        }
        if (message > 0) {
            if (count < MOST_WATCHED) {
                sessions[count++] = message;
            }
            continue;
        }
        for (int index = 0; index < count; index++) {
            if (sessions[index] == -message) {
                sessions[index] = sessions[--count];
                break;
            }
        }
    }
    if (count > 0) {
        end_sessions(sessions, count);
    }
    _exit(0);
}

/// kata's end of the watchdog's channel (-1 before it starts), its process, and the lock that orders what kata says.
static int watchdog_channel = -1;
static pid_t watchdog_pid = 0;
static pthread_mutex_t watchdog_lock = PTHREAD_MUTEX_INITIALIZER;

/// Starts the watchdog; with the lock held.
static int start_watchdog(void) {
    int ends[2];
    // Messages keep their bounds, and a channel that ends reads as its end on the other side.
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) {
        return errno;
    }
    int highest = highest_to_close();
    // As in kata_spawn: no handler of kata's may run in the child, which starts with a copy of kata's.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t started = fork();
    if (started == 0) {
        watch(ends[1], highest);
    }
    int error = started < 0 ? errno : 0;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(ends[1]);
    if (started < 0) {
        close(ends[0]);
        return error;
    }
    watchdog_channel = ends[0];
    watchdog_pid = started;
    return 0;
}

/// Tells the watchdog `message`, with the lock held; 0, or the errno of what failed.
static int tell_watchdog(int message) {
    ssize_t sent;
    while ((sent = send(watchdog_channel, &message, sizeof message, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
    }
    return sent == sizeof message ? 0 : errno;
}
#endif

int kata_watch_session(pid_t session, pid_t *watchdog) {
#ifdef __linux__
    if (session <= 0) {
        return EINVAL;
    }
    pthread_mutex_lock(&watchdog_lock);
    int error = 0;
    for (int attempt = 0; attempt < 2; attempt++) {
        if (watchdog_channel < 0 && (error = start_watchdog()) != 0) {
            break;
        }
        if ((error = tell_watchdog(session)) == 0) {
            break;
        }
        // The watchdog has gone (someone killed it): a new one.
        close(watchdog_channel);
        watchdog_channel = -1;
        int status;
        waitpid(watchdog_pid, &status, WNOHANG);
    }
    *watchdog = watchdog_pid;
    pthread_mutex_unlock(&watchdog_lock);
    return error;
#else
    (void)session;
    (void)watchdog;
    return ENOSYS;
#endif
}

void kata_end_session(pid_t session, int kill_members) {
#ifdef __linux__
    if (kill_members) {
        end_sessions(&session, 1);
    }
    pthread_mutex_lock(&watchdog_lock);
    if (watchdog_channel >= 0) {
        tell_watchdog(-session);
    }
    pthread_mutex_unlock(&watchdog_lock);
#else
    if (kill_members) {
        kill(-session, SIGKILL);
    }
#endif
}
