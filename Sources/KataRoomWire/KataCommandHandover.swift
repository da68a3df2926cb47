/// How kata tells a program it starts (kata-tools, kata-room) the way the user typed kata, so that the commands that
/// program prints read as the user types them (`./kata room open`, `kata verify`).
public enum KataCommandHandover {
    /// The environment variable kata sets.
    public static let environmentKey = "KATA_COMMAND"

    /// How kata said the user typed it: nil when nothing was passed, or a value no one typed (empty, longer than
    /// 4 KiB, or more than one line).
    public static func passed(in environment: [String: String]) -> String? {
        guard let name = environment[environmentKey], !name.isEmpty, name.utf8.count <= 4_096,
            !name.contains(where: \.isNewline)
        else { return nil }
        return name
    }
}
