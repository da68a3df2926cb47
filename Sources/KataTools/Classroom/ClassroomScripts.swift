/// The two shell scripts an assignment template's workflow runs (``ClassroomWorkflow``), kept in
/// `.github/classroom/` beside the SHA-256 they compare with. POSIX `sh` and coreutils, as on GitHub's runners.
enum ClassroomScripts {
    /// Where the scripts and the recorded hashes live in the template.
    package static let folder = ".github/classroom"
    /// The grading step's script.
    static let gradePath = folder + "/grade.sh"
    /// The script that checks kata's own files before kata is built.
    static let checkKataPath = folder + "/check-kata.sh"
    /// `sha256sum` lines for the chapters, as the template gave them.
    static let chaptersPath = folder + "/chapters.sha256"
    /// `sha256sum` lines for kata's own files: what the workflow builds kata from, or runs as root.
    static let kataPath = folder + "/kata.sha256"

    /// `sh .github/classroom/check-kata.sh`: before kata is built, its files must be the assignment's, since the
    /// workflow builds kata from them (and runs `scripts/setup.sh` as root): a changed `Sources/` could pass
    /// anything (a file added there, or a `Package@swift-6.1.swift` that SwiftPM would read instead of
    /// `Package.swift`). Also removes what a build or a check would read that the assignment did not give (a
    /// committed `.build`, `.kata` with its verdict cache, SwiftPM's `.swiftpm` settings, `Package.resolved`, a
    /// `.swift-version` that picks a toolchain).
    static let checkKata = """
        #!/bin/sh
        # Written by `kata room github`. GitHub Classroom's workflow runs this before it builds kata: kata's own
        # files must be the ones the assignment gave (their SHA-256 are in kata.sha256, recorded when the
        # assignment's template was made), since kata is built from them. Otherwise nothing is graded.
        cd "$(dirname "$0")/../.." || exit 2
        list=\(kataPath)
        fail() {
            echo "$1"
            echo "kata is built from these files, so nothing is graded while they differ from the assignment's"
            echo "(their SHA-256 were recorded in $list when the assignment was made). Put them back with:"
            echo "    git checkout \\$(git rev-list --max-parents=0 HEAD) -- Package.swift kata scripts Sources solutions"
            echo "and remove any file you added under Sources/ (or as Package*.swift), then commit and push again."
            exit 1
        }
        [ -f "$list" ] || fail "$list is missing."
        sha256sum --check --quiet "$list" || fail "The files above differ from the assignment's."
        # SwiftPM builds from Sources/ and reads a Package@swift-<version>.swift before Package.swift.
        added=$({ find Sources ! -type d -print; for f in Package*.swift; do [ ! -e "$f" ] || echo "$f"; done; } |
            awk 'NR == FNR { pinned[$2] = 1; next } !($0 in pinned)' "$list" -)
        [ -z "$added" ] || fail "Files that the assignment did not give would change how kata is built: $added"
        rm -rf .build .kata .swiftpm Package.resolved .swift-version
        echo "kata's files are the assignment's ($(wc -l < "$list") files)."

        """

    /// `sh .github/classroom/grade.sh CHAPTER ID...`: one grading step. Checks the exercises of `CHAPTER` with
    /// `./kata check`, in kata's sandbox (`KATA_SANDBOX=require`: learner code never runs without it), but only
    /// when the chapter is the one the assignment gave: an edited spec scores nothing, with a message that says
    /// why. GitHub Classroom's grader runs commands with little more than `PATH` and `HOME`, so the script sets
    /// what kata needs itself.
    package static let grade = """
        #!/bin/sh
        # Written by `kata room github`. One grading step of GitHub Classroom's workflow:
        #     sh \(gradePath) CHAPTER ID...
        # checks the exercises ID... of CHAPTER, but only when the chapter is the one the assignment gave (its
        # SHA-256 is in chapters.sha256, recorded when the assignment's template was made): an exercise whose
        # chapter was edited scores nothing.
        cd "$(dirname "$0")/../.." || exit 2
        [ $# -ge 2 ] || { echo "usage: sh \(gradePath) CHAPTER ID..."; exit 2; }
        chapter=$1
        shift
        pinned=$(awk -v path="$chapter" '$2 == path' \(chaptersPath) 2>/dev/null)
        if [ -z "$pinned" ] || ! printf '%s\\n' "$pinned" | sha256sum --check --status 2>/dev/null; then
            echo "$chapter is not the chapter this assignment gave you: its SHA-256 differs from the one recorded"
            echo "when the assignment was made (\(chaptersPath)), so its exercises ($*) score nothing."
            echo "Put the chapter back as it was, then commit and push again:"
            echo "    git checkout \\$(git rev-list --max-parents=0 HEAD) -- $chapter"
            exit 1
        fi
        NO_COLOR=1
        KATA_SANDBOX=require
        export NO_COLOR KATA_SANDBOX
        status=0
        for id in "$@"; do
            ./kata check "$id" || status=1
        done
        exit $status

        """
}
