/// The test framework an exercise's tests are written with, and run on: kata's bundled KataSpec (every spelling of
/// the book's older frameworks), or the toolchain's own Swift Testing or XCTest. Chosen with `engine=` on the
/// exercise's starter, or on an example block.
package enum TestEngine: String, Sendable, CaseIterable {
    case kataSpec = "kataspec"
    case swiftTesting = "swift-testing"
    case xcTest = "xctest"

    /// The attribute's values, as an author writes them.
    static let values = allCases.map(\.rawValue)

    /// The framework's own name, as a learner meets it in Xcode and in the chapters.
    package var displayName: String {
        switch self {
        case .kataSpec: "KataSpec"
        case .swiftTesting: "Swift Testing"
        case .xcTest: "XCTest"
        }
    }
}

/// The Swift language mode an exercise's code compiles in (`-swift-version`): 5 by default, so that a learner meets
/// the testing ideas before strict concurrency; 6 (`language-mode=6`, complete concurrency checking) where the chapter
/// teaches code as a team writes it today.
package enum LanguageMode: String, Sendable, CaseIterable {
    case swift5 = "5"
    case swift6 = "6"

    /// The attribute's values, as an author writes them.
    static let values = allCases.map(\.rawValue)
}
