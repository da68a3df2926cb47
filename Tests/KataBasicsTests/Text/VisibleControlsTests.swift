import Foundation
import Testing

@testable import KataBasics

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

    @Test("JSON text keeps its meaning and loses the controls a terminal would obey")
    func json() throws {
        let text = "{\"name\":\"Eve\u{9B}31m\u{7F}\u{202E}\",\"plain\":\"ünïcode\"}"
        let escaped = text.jsonWithVisibleControls
        #expect(escaped == #"{"name":"Eve\u009b31m\u007f\u202e","plain":"ünïcode"}"#)
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(decoded == ["name": "Eve\u{9B}31m\u{7F}\u{202E}", "plain": "ünïcode"])
    }

    @Test("a value shown inside a sentence stays on one line: line breaks and tabs are escaped too")
    func oneLine() {
        #expect(
            "es\nkata: error: forged\t\u{1B}]0;t\u{07}\u{2028}".withVisibleControlsOnOneLine
                == "es\\nkata: error: forged\\t\\u{1B}]0;t\\u{7}\\u{2028}")
        #expect("/home/ada/kata ünïcode".withVisibleControlsOnOneLine == "/home/ada/kata ünïcode")
    }
}
