import Foundation

/// Starts a kata command that outlives the one that started it: in a session of its own (so no terminal's hang-up
/// or Ctrl-C reaches it, and its compilers are in its process group), with nothing to read and nowhere to write,
/// and holding none of the starter's open files (a pipe a test or a `make` reads from would stay open until it ends).
/// The kernel does not end it with kata; a kata that goes on collects it when it ends.
package enum DetachedLaunch {
    /// Starts `executable` with `arguments` and does not wait for it; false when it could not be started.
    @discardableResult
    package static func start(_ executable: URL, arguments: [String]) -> Bool {
        let launch = ProcessLaunch(
            executable: executable, arguments: arguments, group: .newSession, endsWithKata: false)
        guard let started = try? launch.start() else { return false }
        started.collectWhenEnded()
        return true
    }
}
