/// The dashboard: one page, no external assets, so it works on a room's network with no internet.
enum DashboardPage {
    static let template = String(decoding: PackageResources.dashboard_html, as: UTF8.self)

    /// The page, naming the instructor's kata command (`./kata`) in what it tells the instructor to run.
    static func html(kata: String) -> String {
        template.replacingOccurrences(of: "<body>", with: "<body data-kata=\"\(escaped(kata))\">")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
