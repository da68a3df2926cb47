import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How kata starts a child with `posix_spawn`: no signal blocked and every signal at its default action, whatever
/// kata itself blocks or handles; a learner's program also in a process group of its own.
package final class SpawnAttributes {
    package var value = posix_spawnattr_t()

    package init(newProcessGroup: Bool) {
        posix_spawnattr_init(&value)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        posix_spawnattr_setsigmask(&value, &noSignals)
        posix_spawnattr_setsigdefault(&value, &defaultSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&value, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&value, Int16(flags))
    }

    deinit { posix_spawnattr_destroy(&value) }
}

/// A C array of C strings (`argv`, `envp`), freed with it.
package final class CStringArray {
    package let pointers: [UnsafeMutablePointer<CChar>?]

    package init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit { for pointer in pointers { free(pointer) } }
}
