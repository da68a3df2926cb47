import ArgumentParser
import Foundation
import KataApp
import KataMessages
import KataWorkbook

/// Options every command that reads the workbook takes.
public struct WorkbookOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The workbook folder (the one holding chapters/).", valueName: "path"))
    public var workbook: String?

    public init() {}

    /// Loads the workspace in the learner's language (or in `language`), or prints why it cannot and exits.
    public func workspace(language: Language? = nil) throws -> Workspace {
        let workspace = try Output.run { try Workspace(explicitPath: workbook, language: language) }
        Messages.current = workspace.messages
        for notice in workspace.notices { Output.printError(Messages.current(.warningPrefix) + "\(notice)") }
        return workspace
    }
}

/// Prints results and errors the same way for every command.
public enum Output {
    /// Runs `body`; on an error prints it to standard error and exits with `status`.
    public static func run<T>(status: Int32 = 1, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as WorkbookError {
            if case .invalid = error {
                printError(error.description)
            } else {
                printError(Messages.current(.errorPrefix) + "\(error.description)")
            }
            throw ExitCode(status)
        } catch let error as TranslationError {
            printError(
                error.description.contains("\n")
                    ? error.description : Messages.current(.errorPrefix) + "\(error.description)")
            throw ExitCode(status)
        } catch let error as LocalizedError {
            printError(Messages.current(.errorPrefix) + "\(error.errorDescription ?? "\(error)")")
            throw ExitCode(status)
        }
    }

    /// Prints a loop command's text and warnings.
    public static func show(_ output: LoopOutput) {
        for warning in output.warnings { printError(Messages.current(.warningPrefix) + "\(warning)") }
        FileHandle.standardOutput.write(Data(output.text.utf8))
    }

    /// Writes a line to standard error.
    public static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
