import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Parses the arguments and runs the command; a usage error exits with status 2 (ArgumentParser's default is
    /// 64), as kata's help says.
    package static func runExitingTwoOnUsageErrors() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
