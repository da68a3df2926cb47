import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataTools
import KataWorkbook

extension Kata.Room {
    /// `kata room github <folder>`.
    struct GitHub: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ToolCommand.roomGitHub.name,
            abstract: ToolCommand.roomGitHub.abstract,
            discussion: """
                Writes a git repository in <folder>, ready to push: kata, your chapters, every exercise's starter \
                in exercises/, no solutions, and .github/workflows/classroom.yml with one grading step per exercise \
                (or per chapter). The SHA-256 of the chapters and of kata's own files are recorded, so an exercise \
                whose chapter a learner edits scores nothing. With the repository secrets KATA_ROOM_URL and \
                KATA_ROOM_TOKEN (from `kata room token`), the runs also report to a room, each as its repository. \
                docs/CLASSROOM.md lists the GitHub Classroom settings that go with it.
                """)

        @OptionGroup var options: WorkbookOptions

        @Argument(
            help: ArgumentHelp(
                "A new folder, outside the workbook, for the template repository (such as ../kata-assignment).",
                valueName: "folder"))
        var folder: String

        @Option(help: ArgumentHelp("One grading step per exercise or per chapter.", valueName: "exercise|chapter"))
        var per = "exercise"

        @Option(help: ArgumentHelp("Points for each exercise.", valueName: "n"))
        var points = 1

        @Option(help: ArgumentHelp("Minutes each grading step may take.", valueName: "minutes"))
        var timeout = 10

        func validate() throws {
            guard ClassroomWorkflow.Granularity(rawValue: per) != nil else {
                throw ValidationError("--per must be exercise or chapter")
            }
            guard points >= 1, timeout >= 1 else { throw ValidationError("--points and --timeout must be at least 1") }
        }

        func run() throws {
            let workspace = try options.workspace()
            let workflow = ClassroomWorkflow(
                workbook: workspace.sourceWorkbook, granularity: ClassroomWorkflow.Granularity(rawValue: per)!,
                points: points, timeout: timeout)
            let url = URL(fileURLWithPath: folder)
            let summary = try workspace.output.run { try AssignmentTemplate(workflow: workflow).write(to: url) }
            let shown = folder
            let committed = AssignmentTemplate.commit(url)
            let name = url.standardizedFileURL.lastPathComponent
            print(
                """
                Wrote the assignment's template repository in \(shown)\(committed == nil ? " (one commit, on main)" : ""):
                  kata and \(summary.chapters) chapters, pinned: the SHA-256 of the chapters and of kata's \(summary.kataFiles) \
                own files are in .github/classroom/
                  the starters of \(summary.exercises) exercises in exercises/, tracked; no reference solutions \
                (\(Workbook.solutionsElsewhere) says they are with you)
                  .github/workflows/classroom.yml: \(summary.steps) grading steps, \(summary.points) points
                """)
            if let committed {
                print(
                    """
                    git could not commit it (\(committed)).
                    Commit it yourself:  cd \(shown) && git init -b main && git add -A && git commit -m "The assignment"
                    """)
            }
            print(
                """
                Next:
                  1. Push it to a new, empty repository on GitHub (in your classroom's organisation):
                       cd \(shown) && git remote add origin git@github.com:ORGANISATION/\(name).git && git push -u origin main
                  2. On GitHub, in the repository's Settings, tick "Template repository".
                  3. In GitHub Classroom, make a new assignment with this repository as its template. Add no tests in its
                     autograding section (the workflow holds them), and add the protected file paths
                     chapters/**, .github/**, Sources/**, solutions/**, Package.swift, kata and scripts/**.
                To report the runs to a room too, add the secret KATA_ROOM_URL, and to each learner's repository the secret
                KATA_ROOM_TOKEN that \(Kata.line("room token <organisation/repository>")) prints for it.
                docs/CLASSROOM.md says more.
                """)
        }
    }
}
