/// How a check ended, in the progress file and on the room's wire.
public enum CheckVerdict: String, Codable, Sendable {
    case passed, failed
    case compileError = "compile-error"
    case error
}
