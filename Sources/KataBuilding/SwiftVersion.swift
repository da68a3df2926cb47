/// A Swift release's major and minor number, as `swiftc --version` prints it.
package struct SwiftVersion: Comparable, Sendable, CustomStringConvertible {
    /// 6 in 6.3.1.
    package let major: Int
    /// 3 in 6.3.1.
    package let minor: Int

    /// A version from its numbers.
    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The version in a line such as "Swift version 6.3.1 (swift-6.3.1-RELEASE)": the numbers after the words
    /// "Swift version"; nil when there are none.
    package init?(versionLine line: String) {
        guard let range = line.range(of: "Swift version ") else { return nil }
        let numbers = line[range.upperBound...].prefix { $0.isNumber || $0 == "." }.split(separator: ".")
        guard numbers.count >= 2, let major = Int(numbers[0]), let minor = Int(numbers[1]) else { return nil }
        self.init(major: major, minor: minor)
    }

    /// "6.3".
    package var description: String { "\(major).\(minor)" }

    package static func < (lhs: SwiftVersion, rhs: SwiftVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
