extension Character {
    /// Whether a terminal draws the character two columns wide (East Asian wide and fullwidth forms).
    package var isWide: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The columns a terminal gives the character: 2 when wide, 0 for a combining mark, 1 otherwise.
    package var columns: Int {
        if isWide { return 2 }
        return unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark } ? 0 : 1
    }
}
