// kata's one way to start a compiler's job. posix_spawn cannot ask the kernel to kill the child when kata dies
// (PR_SET_PDEATHSIG), nor set its resource limits, so this does what glibc's posix_spawn does (vfork, then only
// system calls until exec) with those steps added. Between vfork and exec the child shares kata's memory and runs on
// this thread's stack: it calls nothing but async-signal-safe functions, and reports a failure through a pipe.

#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#endif

/// Puts `fd` at `target` in the child; the same descriptor keeps its place, without close-on-exec.
static int place(int fd, int target) {
    if (fd == target) {
        return fcntl(fd, F_SETFD, 0);
    }
    return dup2(fd, target) < 0 ? -1 : 0;
}

static void child(const char *path, char *const argv[], char *const envp[], const char *directory, int input,
                  int output, const struct kata_spawn_options *options, pid_t parent, int report) {
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
    if (options->new_process_group && setpgid(0, 0) != 0) {
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
    // A compiler stopped at a limit leaves no core file behind.
    struct rlimit core = {0, 0};
    setrlimit(RLIMIT_CORE, &core);
    if (directory != NULL && chdir(directory) != 0) {
        goto failed;
    }
    if (place(input, 0) != 0 || place(output, 1) != 0 || place(output, 2) != 0) {
        goto failed;
    }
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

int kata_spawn(const char *path, char *const argv[], char *const envp[], const char *directory, int input, int output,
               const struct kata_spawn_options *options, pid_t *pid) {
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
        child(path, argv, envp, directory, input, output, options, parent, report[1]);
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
