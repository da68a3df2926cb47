/// The dashboard: one page, no external assets, so it works on a room's network with no internet.
enum DashboardPage {
    static let html = String(decoding: PackageResources.dashboard_html, as: UTF8.self)
}
