extension String {
    /// The text escaped for HTML content and attribute values.
    var htmlEscaped: String {
        guard contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" }) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 16)
        for character in unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
