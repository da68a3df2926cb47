import ArgumentParser
import Foundation
import KataApp
import KataMessages
import KataWorkbook

/// Options every command that reads the workbook takes.
package struct WorkbookOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The workbook folder (the one holding chapters/).", valueName: "path"))
    package var workbook: String?

    package init() {}

    /// Loads the workspace in the learner's language (or in `language`), or prints why it cannot and exits.
    package func workspace(language: Language? = nil) throws -> Workspace {
        let workspace = try Output.run {
            try Workspace(explicitPath: workbook, language: language, kataCommand: KataCommand.detected())
        }
        for notice in workspace.notices { workspace.output.warn(notice) }
        return workspace
    }
}

/// Prints results and errors the same way for every command, in the learner's language once the workspace that knows
/// it is loaded (``Workspace/output``), in English before that.
package struct Output: Sendable {
    /// kata's words, in the language to print in.
    package let messages: Messages

    package init(_ messages: Messages = Messages(.source)) {
        self.messages = messages
    }

    /// Runs `body`; on an error prints it to standard error and exits with `status`.
    package func run<T>(status: Int32 = 1, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as WorkbookError {
            if case .invalid = error {
                Self.printError(error.description)
            } else {
                Self.printError(messages(.errorPrefix) + "\(error.description)")
            }
            throw ExitCode(status)
        } catch let error as TranslationError {
            Self.printError(
                error.description.contains("\n") ? error.description : messages(.errorPrefix) + "\(error.description)")
            throw ExitCode(status)
        } catch let error as any Translatable {
            Self.printError(messages(.errorPrefix) + error.description(in: messages))
            throw ExitCode(status)
        } catch let error as LocalizedError {
            Self.printError(messages(.errorPrefix) + "\(error.errorDescription ?? "\(error)")")
            throw ExitCode(status)
        }
    }

    /// Runs `body` before a workspace says the learner's language: errors in English.
    package static func run<T>(status: Int32 = 1, _ body: () throws -> T) throws -> T {
        try Output().run(status: status, body)
    }

    /// Prints a loop command's text and warnings.
    package func show(_ output: LoopOutput) {
        for warning in output.warnings { warn(warning) }
        FileHandle.standardOutput.write(Data(output.text.utf8))
    }

    /// Prints a warning line to standard error.
    package func warn(_ text: String) {
        Self.printError(messages(.warningPrefix) + text)
    }

    /// Prints an error line to standard error.
    package func error(_ text: String) {
        Self.printError(messages(.errorPrefix) + text)
    }

    /// Writes a line to standard error.
    package static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

extension Workspace {
    /// Where a command prints, in the learner's language.
    package var output: Output { Output(messages) }
}
