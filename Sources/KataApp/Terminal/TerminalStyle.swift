import Foundation
import KataBasics
import KataMessages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How text is drawn on the user's terminal: whether to use colour, and how wide lines may be.
package struct TerminalStyle: Sendable, Equatable {
    /// ANSI colours and attributes on or off.
    package var color: Bool
    /// Lines are wrapped to this many columns.
    package var width: Int

    /// Creates a style.
    package init(color: Bool, width: Int = 80) {
        self.color = color
        self.width = width
    }

    /// Colour only when standard output is a terminal, `NO_COLOR` is not set and `TERM` is not `dumb`.
    package static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalStyle {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let color = isTerminal && !noColor && environment["TERM"] != "dumb"
        var width = 80
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 20 {
            width = columns
        } else if isTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { width = Int(size.ws_col) }
        }
        return TerminalStyle(color: color, width: min(width, 100))
    }

    /// SGR codes used by kata's output.
    package enum Attribute: String, Sendable {
        case bold = "1"
        case dim = "2"
        case italic = "3"
        case underline = "4"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case cyan = "36"
    }

    /// Wraps text in the attributes when colour is on.
    package func paint(_ text: String, _ attributes: Attribute...) -> String {
        guard color, !attributes.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[\(attributes.map(\.rawValue).joined(separator: ";"))m\(text)\u{1B}[0m"
    }

    /// The number of columns a string takes, not counting ANSI escapes; a wide (Chinese, Japanese) character takes two.
    package static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else if scalar.properties.generalCategory != .nonspacingMark {
                width += Character(scalar).isWide ? 2 : 1
            }
        }
        return width
    }
}
