import Foundation

/// The folder with the site's templates (`templates/*.mustache`) and assets (`assets/*`).
///
/// Looked for in this order: `KATA_SITE_RESOURCES`; the resource bundle SwiftPM puts next to
/// the `kata-tools` binary; the source checkout the binary was built from. The bundle is found by
/// hand, not through `Bundle.module`, which stops the program when the bundle is missing (a
/// binary copied to `~/.local/bin` without it).
package struct SiteResources: Sendable {
    /// The folder holding `templates/` and `assets/`.
    package var root: URL

    /// Uses a folder as it is.
    package init(root: URL) {
        self.root = root
    }

    /// Finds the resources, or says every place it looked.
    package static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL
    ) throws(SiteError) -> SiteResources {
        var searched: [String] = []
        if let path = environment["KATA_SITE_RESOURCES"], !path.isEmpty {
            let url = URL(fileURLWithPath: path)
            guard isResourceFolder(url) else { throw .resourcesNotFound(searched: ["KATA_SITE_RESOURCES=\(path)"]) }
            return SiteResources(root: url)
        }
        var candidates: [URL] = []
        if let executable {
            let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            let bundles = [
                "kata_KataTools.resources", "kata_KataTools.bundle/Contents/Resources", "kata_KataTools.bundle",
            ]
            for bundle in bundles {
                candidates.append(folder.appendingPathComponent(bundle).appendingPathComponent("Resources"))
            }
        }
        candidates.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources"))
        for candidate in candidates {
            if isResourceFolder(candidate) { return SiteResources(root: candidate) }
            searched.append(candidate.path)
        }
        throw .resourcesNotFound(searched: searched)
    }

    /// `templates/`.
    package var templates: URL { root.appendingPathComponent("templates") }
    /// `strings/<language>.json`: the words of the site's interface.
    func strings(language: String) -> URL { root.appendingPathComponent("strings/\(language).json") }
    /// `assets/`, copied into the site as it is.
    package var assets: URL { root.appendingPathComponent("assets") }

    private static func isResourceFolder(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("templates/page.mustache").path)
    }
}
