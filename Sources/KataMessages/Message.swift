/// One of kata's messages to a learner, with its English wording (the source of every translation).
package enum Message: String, CaseIterable, Sendable {
    // kata next
    case nextChapter, nextExercise, youWriteTheSpecs, labelShape, shapeNeeds, shapeNeedsTests, labelEdit, newFromStarter
    case labelCheck
    case labelStuck, hintsLeft, notOnPath, allSolved, allSolvedChapter, allSolvedNext, supportFolded
    // Counts
    case exercisesOne, exercises, checksOne, checks, hintsOne, hints, errorsOne, errors, mutantsOne, mutants
    case examplesOne, examples, pendingExamplesOne, pendingExamples
    // kata hint
    case hintNoCurrent, hintNone, hintNoneShown, hintNoMore, hintHeading, hintFor, hintLast, hintMoreOne, hintMore
    // kata list
    case listSolved, stateNotStarted, stateAttempted, stateSolved, solvedBeforeReset, solvedBeforeFailed
    case listSpecs, listBar, listTotals, listNext
    // kata reset
    case resetBackedUp, resetAlreadySaved, resetBackToStarter, resetUnchanged, resetCreated, resetLinkRemoved
    case resetCannotBackUp
    // kata handin
    case handinLeftOut
    // kata watch
    case watching, watchingAgain, watchAllSolved
    // kata lang
    case langCurrent, langFromEnvironment, langRemembered, langSource, langCoverage, langChoose, langChosen
    case langAllTranslated, langSomeTranslated, langBack, langOverride, langUnknownInEnvironment, langUnknownRemembered
    // The note above an exercise shown in English
    case fallbackChapter, fallbackChanged, sourceLanguageName
    // kata check
    case checking, cachedResult, notAccepted, doesNotCompile, compileFixFirst, compileFixIt, cannotCheck
    case unknownProblem, specsAgainstCorrectCode, countPassed, countFailed, countPending, countSkipped, leftOutFocus
    case leftOutPending, leftOut, chapterCodeLine, exampleLeftOut, exampleNotRun, printed, outputCut, notRunTime
    case mutantsHeading, caught, survived, survivedNote, caughtBy, score, shapeHeading, shapeHeadingTests, timeoutCatch
    case solved, solvedSpecify
    case solvedImplement, goOn, timedOutMark, timedOut, notYet, notYetMessage, notYetShape, notYetShapeTests
    case alsoSurvived, notYetMutants
    case notYetFailed, recheckingLast, nothingToCheckYet, focusNote, preparing, waitingForPreparation
    case outputMoreLines, warningsHeading, warningsHeadingOne
    case tableExercise, tableResult, tableScore, tableTime, tablePassed, tableFailed, tableCompileError
    case tableError, tableSummary, tableDetails, tableNoFiles, siteRefreshed, siteNotRefreshed
    // The shape a specify exercise asks for
    case shapeExamplesOne, shapeExamples, shapeContextsOne, shapeContexts, shapeExamplesPerContextOne
    case shapeExamplesPerContext, shapeShared, shapeFoundCount, shapeFoundNoContexts, shapeFoundContext
    case shapeFoundShared, shapeTestsOne, shapeTests, shapeArgumentsOne, shapeArguments, shapeFoundArguments
    // Errors a learner meets
    case errorUnknownExerciseSuggestion, errorUnknownExerciseSuggestions, errorUnknownExercise, errorIdTooLong,
        errorAmbiguous, errorCannotWrite
    case errorNoLearnerFile, errorUnreadable, errorNothingToCheck, errorUnknownLanguage, errorLearnerFileLink
    case errorLearnerFolderLink
    case errorPrefix, warningPrefix
    // Why a file cannot be read (``TextFileReader/Failure``), completing "<path> …"
    case fileMissing, fileFolder, fileBrokenLink, fileLinkLoop, fileNotAFile, fileTooLarge, fileUnreadable
    case fileNotUTF8, sizeBytes, sizeMiB
    // A duration
    case durationSeconds
    // Why a check did not pass, beyond one example (``CheckResult/Note``)
    case resultNoSpecClass, resultNoTestCaseClass, resultSpecsMustPass, resultNoExamplesSpecify, resultNoExamples
    // The progress file
    case progressMovedAside, progressChangedOutside, progressUnverifiedOne, progressUnverified
    case progressNotJSON, progressFieldMalformed, progressFieldMissing, progressFieldWrongType, progressNotTheSchema
    // How a run ended, when kata says so (a crash, a timeout, a lost result)
    case runTimedOut, runTimedOutIn, runTimedOutInCalledFrom, runExited, runCrashed, runCrashedCalledFrom, runTrapped,
        runStackOverflow, runCPUTime, runArithmetic, runAborted
    case runSignal, runLostResult, runEarlyExit, runEarlySignal, runEarlyTimeout, runMissingResults
    case runEarlyExitTests, runEarlySignalTests, runEarlyTimeoutTests
    // What a learner's file may not contain (screening)
    case screenSourceLocation, screenAttribute, screenMain, screenExtendsSpecClass, screenExtendsKataSpec
    case screenExtendsKataSpecWith, screenKataSpecName, screenMemberReplaces, screenLibraryName, screenOperator
    case screenOperatorFor, screenConformsKataSpec, screenConformsSpecClass, screenConformsChapterType
    case screenCodeUnderTest, screenUnsafeCode
    case screenUnsafeKeyword, screenSignatureChanged, screenSignatureShadowed, screenSignatureMissing
    case screenLinkerSymbol, screenLinkerSection, screenLinkerUnreadable, screenModuleName
    // The files kata writes for the learner's editor
    case editorHeader, editorSupport, editorSubject, editorLeftAlone
    // The compiler stopped at one of kata's limits (``CompileLimits``)
    case compilerStoppedTime, compilerStoppedMemory, compilerStoppedYourFile, compilerStoppedAt, compilerStoppedCause
    case realFrameworksNotHere, realFrameworksNeedNewerSwift
    // What an exercise's tests run on, in `kata next`
    case labelRuns, runsOnFramework, runsOnKataSpec
    case libraryStoppedTime, libraryStoppedMemory

    /// The English wording.
    package var english: String {
        switch self {
        case .nextChapter: "Chapter {number} · {title}"
        case .nextExercise: "({id}, exercise {position} of {total}{kind})"
        case .youWriteTheSpecs: " · you write the specs"
        case .labelRuns: "Tests  "
        case .runsOnFramework: "{framework}, the toolchain's own · Swift {mode} language mode"
        case .runsOnKataSpec: "KataSpec · Swift {mode} language mode"
        case .labelShape: "Shape  "
        case .shapeNeeds: "your spec needs {shape}"
        case .shapeNeedsTests: "your tests need {shape}"
        case .labelEdit: "Edit   "
        case .newFromStarter: "(new: made from the starter)"
        case .labelCheck: "Check  "
        case .labelStuck: "Stuck? "
        case .hintsLeft: "({left} of {total} hints left)"
        case .notOnPath:
            "(kata is not on your PATH, so commands start with {name}; docs/INSTALL.md shows how to type plain kata)"
        case .allSolved: "Every exercise is solved: {count} of {count}. Well done!"
        case .allSolvedChapter: "{title}: {exercises}, {checks}, {hints}"
        case .allSolvedNext: "Run {list} for the whole workbook, or {reset} to try one again."
        case .supportFolded: "*Support code* ({lines} lines, compiled with your file){declares}. Read it in {place}."

        case .exercisesOne: "{count} exercise"
        case .exercises: "{count} exercises"
        case .checksOne: "{count} check"
        case .checks: "{count} checks"
        case .hintsOne: "{count} hint"
        case .hints: "{count} hints"
        case .errorsOne: "{count} error"
        case .errors: "{count} errors"
        case .mutantsOne: "{count} mutant"
        case .mutants: "{count} mutants"
        case .examplesOne: "{count} example"
        case .examples: "{count} examples"
        case .pendingExamplesOne: "{count} pending example"
        case .pendingExamples: "{count} pending examples"

        case .hintNoCurrent: "Every exercise is solved, so there is no current one; name one: {command}"
        case .hintNone: "'{id}' has no hints. Read its prompt again with {command}, or its chapter."
        case .hintNoneShown: "No hints shown yet for '{id}'; run {command} for the first."
        case .hintNoMore: "No more hints for '{id}': you have seen all {count}. Read them again with {command}."
        case .hintHeading: "Hint {level} of {total}"
        case .hintFor: " for {id} ({title})"
        case .hintLast: "That was the last hint."
        case .hintMoreOne: "{count} more hint: run {command} again."
        case .hintMore: "{count} more hints: run {command} again."

        case .listSolved: "{solved}/{total} solved"
        case .stateNotStarted: "not started"
        case .stateAttempted: "attempted"
        case .stateSolved: "solved"
        case .solvedBeforeReset: "solved before, then reset to the starter"
        case .solvedBeforeFailed: "solved before; the last check did not pass"
        case .listSpecs: "you write the specs"
        case .listBar: "{solved}/{total} solved ({percent}%)"
        case .listTotals: "{solved} solved, {attempted} attempted, {notStarted} not started"
        case .listNext: "Next: {command} ({id})"

        case .resetBackedUp: "Saved your file to {backup}"
        case .resetAlreadySaved: "Your file is already saved, unchanged, in {backup} (no new backup)."
        case .resetBackToStarter: "{path} is back to its starter."
        case .resetUnchanged: "{path} already holds the starter: nothing to back up, nothing changed."
        case .resetCreated: "{path} did not exist; it now holds the starter (nothing to back up)."
        case .resetLinkRemoved:
            "{link} was a symbolic link: kata removed the link itself, without reading what it points to, which is left as it is."
        case .resetCannotBackUp:
            "{path} {reason}, so kata cannot back it up before putting the starter back; move it elsewhere and run {command} again"
        case .handinLeftOut: "left out of the hand-in: {problem}"

        case .watching: "Watching {path}: save it to check; Ctrl-C stops."
        case .watchingAgain: "Watching {path}: save it to check again; Ctrl-C stops."
        case .watchAllSolved: "Every exercise is solved. Well done!"

        case .langCurrent: "Language: {name} ({code})"
        case .langFromEnvironment: ", from {variable}"
        case .langRemembered: ", remembered in .kata/language"
        case .langSource: "{name}, the source"
        case .langCoverage: "{name}, {shown} of {total} chapters translated"
        case .langChoose: "Choose one with {command}; {variable}=<code> chooses one for a single command."
        case .langChosen: "Language: {name} ({code}), remembered in .kata/language."
        case .langAllTranslated: "Every chapter is translated."
        case .langSomeTranslated:
            "{shown} of {total} chapters are translated; the others are shown in {source} until they are."
        case .langBack: "Back to {source}: {command}"
        case .langUnknownInEnvironment:
            "{variable}={value} names no language of this workbook (it has {languages}); ignoring it"
        case .langUnknownRemembered:
            "{file} names {value}, a language this workbook has no translation into (it has {languages}); showing {source}; choose another with {command}"
        case .langOverride:
            "{variable}={value} is set in this shell, and chooses the language of every command run from it."

        case .sourceLanguageName: "English"
        case .fallbackChapter: "This chapter is not translated into {language} yet, so it is shown in {source}."
        case .fallbackChanged:
            "This exercise changed after it was translated into {language}, so it is shown in {source} "
                + "until the translation catches up."

        case .checking: "Checking {id}"
        case .cachedResult: "(this exact code was checked before: result from the cache)"
        case .notAccepted: "✗ Not accepted"
        case .doesNotCompile: "✗ Does not compile"
        case .compileFixFirst: " ({errors}). Fix the first error and run {command} again."
        case .compileFixIt: " ({errors}). Fix it and run {command} again."
        case .cannotCheck: "✗ Cannot check {id}: "
        case .unknownProblem: "unknown problem"
        case .specsAgainstCorrectCode: "Your specs against the correct code"
        case .countPassed: "{count} passed"
        case .countFailed: "{count} failed"
        case .countPending: "{count} pending"
        case .countSkipped: "{count} skipped"
        case .leftOutFocus: "{examples} by focus (fit, fdescribe, fcontext)"
        case .leftOutPending: "{examples} (pending, xit, xdescribe, xcontext)"
        case .leftOut: "Left out: {parts}. Only the {examples} that ran can catch a mutant."
        case .chapterCodeLine:
            "  (this line is the chapter's code; it uses something your file must provide, with this exact name and type)"
        case .exampleLeftOut: "(left out by focus)"
        case .exampleNotRun: "(not run)"
        case .printed: "printed:"
        case .outputCut:
            "[cut at 64 KiB: kata keeps no more of what one example prints, so the rest is lost; print less to see it]"
        case .outputMoreLines: "… and {count} more lines (kata shows the first {shown} lines an example prints)"
        case .warningsHeading:
            "The compiler's warnings about your file (they do not change the result, but often explain it):"
        case .warningsHeadingOne:
            "The compiler's warning about your file (it does not change the result, but often explains it):"
        case .notRunTime: "{examples} not run: the time ran out first"
        case .mutantsHeading: "Mutants (broken versions of the code your specs must notice)"
        case .caught: "✓ caught"
        case .survived: "✗ survived"
        case .survivedNote: "{name}: {note}"
        case .caughtBy: " by \"{example}\""
        case .score: "Score: {caught} of {mutants} caught"
        case .shapeHeading: "The shape the exercise asks your spec to have"
        case .shapeHeadingTests: "The shape the exercise asks your tests to have"
        case .timeoutCatch:
            "but only by timing out: {example} was stopped after {seconds} (a weak catch: no expectation failed)"
        case .solved: "✓ Solved!"
        case .solvedSpecify: " Your specs pass against the correct code and catch every mutant."
        case .solvedImplement: " Every example passes."
        case .goOn: " Run {command} to go on."
        case .timedOutMark: "✗ Timed out."
        case .timedOut:
            " The run was stopped after {seconds}. Find the loop or wait that never ends, then run {command} again."
        case .notYet: "✗ Not yet:"
        case .notYetMessage: " {message}. Fix the failing examples above, then run {command} again."
        case .notYetShape:
            " your spec does not have the shape the exercise asks for{also}. Group its examples as the prompt says, then run {command} again."
        case .notYetShapeTests:
            " your tests do not have the shape the exercise asks for{also}. Write the tests, and the arguments of a parameterized test, that the prompt asks for, then run {command} again."
        case .alsoSurvived: ", and {mutants} survived"
        case .notYetMutants:
            " {mutants} survived. Add an example that fails for each survivor's mistake, then run {command} again."
        case .notYetFailed:
            " {failed} of {examples} failed. Read the first failure, change your code, and run {command} again."
        case .recheckingLast:
            "Checking {last} again, the exercise you checked last: the next one, {next}, has no file yet ({command} shows it and creates its file)."
        case .nothingToCheckYet:
            "Nothing to check yet: {path} does not exist. Run {command} to see the exercise and create its file from the starter."
        case .preparing: "Preparing KataSpec for this computer (first check only; this takes a few seconds)..."
        case .waitingForPreparation: "Waiting for KataSpec, which kata has been preparing since kata next..."
        case .focusNote:
            "Note: in this exercise kata check runs every example of the chapter, so `{word}` ({place}) leaves nothing out; in your own specs (a specify exercise) it works as in Quick, Specta and Kiwi."
        case .tableExercise: "Exercise"
        case .tableResult: "Result"
        case .tableScore: "Score"
        case .tableTime: "Time"
        case .tablePassed: "✓ passed"
        case .tableFailed: "✗ failed"
        case .tableCompileError: "✗ compile error"
        case .tableError: "✗ error"
        case .tableSummary: "{passed} of {exercises} passed"
        case .tableDetails: "Run {command} on one of them for the details."
        case .tableNoFiles: "No exercise has a file yet. Run {command} to start the first one."

        case .siteRefreshed: "The site shows your progress: {path}"
        case .siteNotRefreshed: "The site in {folder}/ could not be updated: {error}; run kata build-site"
        case .shapeExamplesOne: "at least {count} example (`it`)"
        case .shapeExamples: "at least {count} examples (`it`)"
        case .shapeContextsOne: "at least {count} context (groups inside your `describe`)"
        case .shapeContexts: "at least {count} contexts (groups inside your `describe`)"
        case .shapeExamplesPerContextOne: "at least {count} example in each context"
        case .shapeExamplesPerContext: "at least {count} examples in each context"
        case .shapeShared: "the shared examples \"{name}\" in at least two groups (`itBehavesLike(\"{name}\")`)"
        case .shapeFoundCount: "you have {count}"
        case .shapeFoundNoContexts: "you have no contexts yet"
        case .shapeFoundContext: "\"{name}\" has {count}"
        case .shapeFoundShared: "you include them in {count}"
        case .shapeTestsOne: "at least {count} test that runs (each argument of a parameterized test counts)"
        case .shapeTests: "at least {count} tests that run (each argument of a parameterized test counts)"
        case .shapeArgumentsOne: "a parameterized test with at least {count} argument"
        case .shapeArguments: "a parameterized test with at least {count} arguments"
        case .shapeFoundArguments: "your largest has {count}"
        case .errorUnknownExerciseSuggestion: "no exercise '{id}'; did you mean '{suggestion}'?"
        case .errorUnknownExerciseSuggestions: "no exercise '{id}'; did you mean one of {ids}?"
        case .errorUnknownExercise: "no exercise '{id}'; run {command} to see every exercise id"
        case .errorIdTooLong:
            "that id is {length} characters long, and exercise ids are short words like hello-kata; run {command} to see every exercise id"
        case .errorAmbiguous: "'{prefix}' could be any of {matches}; type more of the id"
        case .errorCannotWrite: "cannot write {path}: {reason}; nothing was changed"
        case .errorNoLearnerFile: "{path} does not exist yet; run {command} to create it from the starter"
        case .errorUnreadable:
            "{path} {reason}; kata checks a Swift file of your own there ({command} puts the starter back, keeping a backup)"
        case .errorLearnerFileLink:
            "{path} is a symbolic link, and kata never follows a link in exercises/, so it did not read what the link points to. Run {command} to replace the link with the starter (what it points to is left as it is), or put the file itself there."
        case .errorLearnerFolderLink:
            "{path} is inside {link}, a symbolic link, and kata never follows a link in exercises/, so it did not read what the link points to. Run {command} to replace the link with a folder of your workbook holding the starter (what it points to is left as it is), or put the folder itself there."
        case .errorNothingToCheck:
            "every exercise is solved; name one to check it again: {command} ({list} shows the ids)"
        case .errorUnknownLanguage:
            "this workbook has no translation into '{code}'; its languages are {languages} ({command} lists them)"
        case .fileMissing: "does not exist"
        case .fileFolder: "is a folder, not a file"
        case .fileBrokenLink: "is a symbolic link that cannot be followed ({reason})"
        case .fileLinkLoop: "is a symbolic link that cannot be followed (it leads back to itself)"
        case .fileNotAFile: "is not a regular file"
        case .fileTooLarge: "is {size}; kata reads files of up to {limit}, so it was not read"
        case .fileUnreadable: "cannot be read ({reason})"
        case .fileNotUTF8: "is not UTF-8 text: line {line} has bytes that are not UTF-8; save it as UTF-8"
        case .sizeBytes: "{count} bytes"
        case .sizeMiB: "{count} MiB"
        case .durationSeconds: "{value} s"
        case .errorPrefix: "kata: error: "
        case .warningPrefix: "kata: warning: "
        case .resultNoTestCaseClass:
            "your file declares no test class; write one like `final class LeapYearTests: XCTestCase { func testCenturies() { ... } }`"
        case .resultNoSpecClass:
            "your file declares no spec class; write one like `final class LeapYearSpec: QuickSpec { override class func spec() { ... } }`"
        case .resultSpecsMustPass:
            "your specs must pass against the correct code before they can catch mutants; {examples} failed against it"
        case .resultNoExamplesSpecify: "your spec has no examples that run; add an `it` with an expectation"
        case .resultNoExamples: "no examples ran"
        case .progressMovedAside:
            "{path} could not be read ({reason}); it was moved to {backup} and progress starts afresh. Your exercise files are untouched; to restore the old progress, fix the backup and move it back."
        case .progressNotJSON: "it is not valid JSON"
        case .progressFieldMalformed: "the field '{field}' is malformed"
        case .progressFieldMissing: "the field '{field}' is missing"
        case .progressFieldWrongType: "the field '{field}' has the wrong type"
        case .progressNotTheSchema: "it does not match the progress schema"
        case .progressChangedOutside: "{path} was changed outside kata, so its records cannot be trusted."
        case .progressUnverifiedOne:
            "{path} was changed outside kata, so its records cannot be trusted; the exercise it showed as solved ({ids}) counts as solved again once it passes a check."
        case .runTimedOut:
            "took longer than the {seconds} s limit and was stopped; look for a loop that never ends or a wait that is never fulfilled"
        case .runTimedOutIn:
            "took longer than the {seconds} s limit and was stopped here, in `{function}`; look for a loop that never ends or a wait that is never fulfilled"
        case .runTimedOutInCalledFrom:
            "took longer than the {seconds} s limit and was stopped here, in `{function}`, called from the example at {example}; look for a loop that never ends or a wait that is never fulfilled"
        case .runExited:
            "the program exited with status {status} in the middle of this example; `exit()` ends the whole test run, so return from the function instead"
        case .runCrashed: "crashed: {reason}"
        case .runCrashedCalledFrom: "crashed: {reason} (called from the example at {example})"
        case .runTrapped:
            "crashed: a Swift runtime trap (a failed precondition, an arithmetic overflow, a force-unwrapped nil or an index out of range)"
        case .runStackOverflow:
            "crashed with a segmentation fault ({signal}); endless recursion that overflows the stack is the usual cause"
        case .runCPUTime: "was stopped after using {seconds} s of CPU time; look for a loop that never ends"
        case .runArithmetic: "crashed on an arithmetic error (SIGFPE), such as dividing by zero"
        case .runAborted: "crashed: the program aborted (SIGABRT)"
        case .runSignal: "crashed with signal {signal}"
        case .runLostResult:
            "its result never reached kata: the code under test wrote to kata's result channel (file descriptor 3), so this example cannot count as passed"
        case .runEarlyExit:
            "the test program exited with status {status}{fatal} outside any example, before its examples could run; code in a describe or context body runs while the spec tree is built, so move it into an example or a hook"
        case .runEarlySignal:
            "the test program crashed with {signal}{fatal} outside any example, before its examples could run; code in a describe or context body runs while the spec tree is built, so move it into an example or a hook"
        case .runEarlyTimeout:
            "the test program timed out{fatal} outside any example, before its examples could run; code in a describe or context body runs while the spec tree is built, so move it into an example or a hook"
        case .runEarlyExitTests:
            "the test program exited with status {status}{fatal} before any test started; code that runs while the tests are found (a global's initial value, a suite's stored property) may be the cause"
        case .runEarlySignalTests:
            "the test program crashed with {signal}{fatal} before any test started; code that runs while the tests are found (a global's initial value, a suite's stored property) may be the cause"
        case .runEarlyTimeoutTests:
            "the test program timed out{fatal} before any test started; code that runs while the tests are found (a global's initial value, a suite's stored property) may be the cause"
        case .runMissingResults:
            "only {reported} of {total} examples reported a result; the code under test wrote to kata's result channel (file descriptor 3), so this run cannot be trusted"
        case .screenSourceLocation:
            "`#sourceLocation` is not accepted in your file: it changes the file and line that the compiler and kata report. Remove it."
        case .screenAttribute:
            "`@{attribute}` is not accepted in your file: it changes how your code is named or placed in the test program, which could replace parts of KataSpec. Remove it."
        case .screenMain:
            "`@main` is not accepted in your file: kata runs your code from the specs, and the test program has its own entry point. Remove `@main`; to try your code, write an example (`it`)."
        case .screenExtendsSpecClass:
            "your file extends `{name}`, the chapter's spec class; the specs must run as the chapter wrote them. Remove this extension."
        case .screenExtendsKataSpec:
            "your file extends `{name}`, one of KataSpec's types; the chapter's specs rely on it working as KataSpec wrote it. Put what you need in a type of your own."
        case .screenExtendsKataSpecWith:
            "your file extends `{type}`, one of KataSpec's types, with `{name}`; the chapter's specs rely on it working as KataSpec wrote it. Put what you need in a type of your own."
        case .screenKataSpecName:
            "your file declares `{name}`, a name the chapter's specs take from KataSpec; the specs would call yours instead and could no longer be trusted. Give yours another name."
        case .screenMemberReplaces:
            "your extension of `{type}` declares `{name}`, which `{type}` already has and the chapter's code uses; yours would replace it there. Give yours another name."
        case .screenLibraryName:
            "your file declares `{name}`, a name the chapter's code takes from Swift's libraries; yours would replace it there. Give yours another name."
        case .screenOperator:
            "your file defines `{name}` for {types}, but not for a struct, class or enum your file declares: the chapter's code would call yours instead of the type's own `{name}` (directly, or through a protocol such as `Equatable`), and a wrong answer could pass. Remove it, or define `{name}` only for types your file declares."
        case .screenOperatorFor:
            "your file adds `{name}` to `{type}`, not a struct, class or enum your file declares: the chapter's code would call yours instead of the type's own `{name}` (directly, or through a protocol such as `Equatable`), and a wrong answer could pass. Remove it, or define `{name}` only for types your file declares."
        case .screenConformsKataSpec:
            "your file makes one of KataSpec's types conform to `{protocol}`; the chapter's specs rely on KataSpec's types as they are. Remove that extension."
        case .screenConformsSpecClass:
            "your file makes the chapter's spec class conform to `{protocol}`; the specs must run as the chapter wrote them. Remove that extension."
        case .screenConformsChapterType:
            "your file makes `{type}`, the chapter's type, conform to `{protocol}`; the chapter's code would then use what your file says for it (its text, its equality, its order) instead of what the chapter gave `{type}`, and a wrong answer could pass. Remove that conformance; a type your file declares may conform to anything."
        case .screenCodeUnderTest:
            "your file declares `{name}`, which the code under test already declares; your specs would then test your `{name}` instead of the chapter's, and no mutant could be caught. Remove yours and use the chapter's."
        case .screenUnsafeCode:
            "unsafe code is not accepted in your file: it reads or writes memory directly (the note below says how), and your code runs in the same process as the specs, whose results it could then forge. Write it without pointers or `unsafe` functions."
        case .screenUnsafeKeyword:
            "`{word}` is not accepted in your file: it lets code read or write memory directly, and your code runs in the same process as the specs, whose results it could then forge. Write it without unsafe code (a name of your own called `unsafe` needs another name)."
        case .screenLinkerSymbol:
            "your compiled code defines `{symbol}` for the linker, a name that is not your code's own: the test program would call it in place of the function of that name (KataSpec's, or Swift's). Only an attribute that names code for the linker (such as `@_silgen_name` or `@_cdecl`) does this: remove it."
        case .screenLinkerSection:
            "your compiled code puts something in the linker section `{section}`, whose contents run before the specs start or after they end. Only `@section` does this: remove it."
        case .screenLinkerUnreadable:
            "kata cannot read what your compiled code defines for the linker ({path}), so it cannot be sure your file is only judged by the specs. Check again; if this goes on, delete the folder .kata/cache."
        case .screenModuleName:
            "your file declares `{name}`, the name of a module the test program is built with; where the chapter's code names something of that module through it (`#expect` expands to `Testing.…`), it would reach yours. Give yours another name."
        case .screenSignatureChanged:
            "the chapter's specs are written against `{expected}` as the starter declares it, and your file declares `{actual}`; with another type they could pass without testing what the chapter asks. Keep the starter's parameters and types."
        case .screenSignatureShadowed:
            "the chapter's specs are written against `{expected}` as the starter declares it, and in your file `{name}` there is a declaration of your own, not the `{name}` the starter means. Give yours another name."
        case .screenSignatureMissing:
            "the chapter's specs use `{expected}` as the starter declares it, and your file no longer declares it (or declares it as something else); put it back with the starter's parameters and types."
        case .progressUnverified:
            "{path} was changed outside kata, so its records cannot be trusted; the {count} exercises it showed as solved ({ids}) count as solved again once they pass a check."
        case .editorHeader:
            "The chapter's code that kata compiles with your file {file}, written here for your editor. kata writes this file again, so a change here changes nothing: read it, and go on in your own file."
        case .editorSupport: "{place}: support code"
        case .editorSubject: "{place}: the code under test (your specs run against it)"
        case .editorLeftAlone:
            "{path} is not kata's, so kata left it alone, and your editor may not understand the exercises. Move it away and run {command} again, or copy into it the entries of {copy}."
        case .compilerStoppedTime: "the compiler was still working on {file} after {seconds} s, so kata stopped it."
        case .compilerStoppedMemory: "the compiler needed more than {memory} of memory for {file}, so kata stopped it."
        case .compilerStoppedYourFile: "your file"
        case .compilerStoppedAt: " at line {line}, where the compiler was"
        case .realFrameworksNotHere:
            "{exercise} is checked on the toolchain's real {framework}, which kata can build against on Linux only for "
                + "now (on macOS, Xcode keeps it in the platform's Developer/Library/Frameworks, and its XCTest finds "
                + "tests another way). Check this chapter on Linux (a container, or the GitHub Classroom workflow), or "
                + "paste your file into a test target in Xcode, where it runs as written; chapters 1 to 11 work here."
        case .realFrameworksNeedNewerSwift:
            "{exercise} is checked on the toolchain's real {framework}, and this chapter needs Swift {minimum} or later; "
                + "the compiler here says: {found}. Install Swift {minimum} or later (https://swift.org/install), or set "
                + "SWIFTC to its swiftc, and run the same command again; chapters 1 to 11 work with this one."
        case .compilerStoppedCause:
            " That is most often code whose types the compiler takes exponentially long to work out: a long expression that mixes literals and operators, or tuples and collections nested deep. Spell out the types{at} (`let total: Double = ...`), or split the code into smaller steps, then run the same command again. Nothing was recorded. (If the code is fine and this computer is very busy, {variable}=<seconds> allows more time.)"
        case .libraryStoppedTime:
            "KataSpec was still compiling after {seconds} s (ten times {variable}), so kata stopped it; nothing is wrong with your code. This computer may be very busy: run the same command again when it is quieter, or allow more time with {variable}=<seconds>."
        case .libraryStoppedMemory:
            "compiling KataSpec needed more than {memory} of memory, so kata stopped it; nothing is wrong with your code. Allow more with {variable}=<MiB>, then run the same command again."
        }
    }
}

extension Message: Codable {}
