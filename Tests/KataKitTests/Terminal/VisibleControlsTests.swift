import Testing

@testable import KataKit

@Suite("Visible control characters")
struct VisibleControlsTests {
    @Test("escape sequences, carriage returns and bidirectional overrides are shown, not obeyed")
    func escaped() {
        #expect("\u{1B}]0;owned\u{07}\u{1B}[2J".withVisibleControls == "\\u{1B}]0;owned\\u{7}\\u{1B}[2J")
        #expect("done\rFAKE".withVisibleControls == "done\\rFAKE")
        #expect("a\u{202E}cba".withVisibleControls == "a\\u{202E}cba")
        #expect("\u{9B}31m".withVisibleControls == "\\u{9B}31m")
        #expect(
            "tabs\tand\nlines stay, as does ünïcode".withVisibleControls == "tabs\tand\nlines stay, as does ünïcode")
    }
}
