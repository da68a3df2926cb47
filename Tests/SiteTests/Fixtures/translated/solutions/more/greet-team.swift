func greet(_ team: String) -> String { "Go, \(team)!" }
