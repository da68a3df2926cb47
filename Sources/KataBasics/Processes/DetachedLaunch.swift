import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a kata command that outlives the one that started it: in a session of its own (so no terminal's hang-up
/// or Ctrl-C reaches it, and its compilers are in its process group), with nothing to read and nowhere to write,
/// and holding none of the starter's open files (a pipe a test or a `make` reads from would stay open until it ends).
package enum DetachedLaunch {
    /// Starts `executable` with `arguments` and does not wait for it; false when it could not be started.
    @discardableResult
    package static func start(_ executable: URL, arguments: [String]) -> Bool {
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t = nil
            var attributes: posix_spawnattr_t = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeOthers(&actions)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(detachingFlags | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        return posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp) == 0
    }

    /// `POSIX_SPAWN_SETSID`, which Swift's C modules do not always export; on Apple's systems also
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT`, which closes in the child every descriptor the file actions do not name.
    private static var detachingFlags: Int32 {
        #if os(Linux)
            0x80
        #else
            0x400 | 0x4000
        #endif
    }

    /// Closes every descriptor above standard error in the child: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34 and later; Apple's systems use `POSIX_SPAWN_CLOEXEC_DEFAULT` instead). Without it the child inherits only
    /// what was not opened close-on-exec.
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
        #if os(Linux)
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            guard
                let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return }
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        #endif
    }
}
