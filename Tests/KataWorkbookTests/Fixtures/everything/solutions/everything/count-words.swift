func countWords(_ text: String) -> Int { text.split(separator: " ").count }
