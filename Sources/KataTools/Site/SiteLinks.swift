import Foundation
import KataWorkbook

/// Turns the links a chapter writes into links that work inside the site, from `file://` too.
///
/// `02-kiwi.md#matchers` becomes `02-kiwi.html#matchers`; a picture beside the chapters is
/// copied into `files/`; a web address stays as it is and is marked external. What cannot work
/// offline or does not exist is reported as a warning at the link's place in the Markdown.
struct SiteLinks {
    /// A link to a page of the site, to be checked once every page's anchors are known.
    struct Reference {
        var page: String
        var fragment: String
        var location: SourceLocation
    }

    /// Where a link goes in the site.
    struct Target {
        var href: String
        var isExternal = false
        var reference: Reference?
        /// A workbook file (relative to its root) that the site must carry.
        var file: String?
        var warning: Diagnostic?
    }

    /// The workbook folder.
    let root: URL
    /// `chapters/NN-slug.md` → `NN-slug.html`, and the other documents that are pages (`docs/KataSpec.md`).
    let pages: [String: String]
    /// Whether links into `solutions/` may be followed.
    let withSolutions: Bool

    init(workbook: Workbook, withSolutions: Bool, documents: [Chapter] = []) {
        root = workbook.root.standardizedFileURL
        var pages: [String: String] = [:]
        for chapter in workbook.chapters {
            pages["chapters/\(chapter.url.lastPathComponent)"] = Self.page(for: chapter)
        }
        for document in documents {
            pages[document.path] = SiteDocs.page(for: document)
        }
        self.pages = pages
        self.withSolutions = withSolutions
    }

    /// The page of a chapter: its file name with `.html`.
    static func page(for chapter: Chapter) -> String {
        String(chapter.url.lastPathComponent.dropLast(3)) + ".html"
    }

    /// Where the folder of copied workbook files lives in the site.
    static let filesFolder = "files"

    /// Resolves a link written in `chapter`, whose page is `page`.
    func resolve(_ url: String, from chapter: Chapter, page: String, at location: SourceLocation, isImage: Bool)
        -> Target
    {
        if url.hasPrefix("#") {
            let fragment = String(url.dropFirst())
            return Target(href: url, reference: Reference(page: page, fragment: fragment, location: location))
        }
        if url.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
            var target = Target(href: url, isExternal: true)
            if isImage {
                target.warning = Diagnostic(
                    .warning, at: location,
                    "image \(url) is on the internet, so the site would fetch it; save it next to the chapters and link it by a relative path"
                )
            }
            return target
        }
        if url.hasPrefix("/") {
            return Target(
                href: url,
                warning: Diagnostic(
                    .warning, at: location,
                    "link \(url) starts with '/', which does not work when the site is opened from a folder; use a relative path"
                ))
        }
        var path = url
        var suffix = ""
        if let hash = path.firstIndex(of: "#") {
            suffix = String(path[hash...])
            path = String(path[..<hash])
        }
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        let decoded = path.removingPercentEncoding ?? path
        let resolved = chapter.url.deletingLastPathComponent().appendingPathComponent(decoded).standardizedFileURL
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard resolved.path.hasPrefix(base) else {
            return Target(
                href: url,
                warning: Diagnostic(
                    .warning, at: location, "link \(url) points outside the workbook, so the site cannot carry it"))
        }
        let relative = String(resolved.path.dropFirst(base.count))
        if let target = pages[relative] {
            let fragment = suffix.isEmpty ? nil : String(suffix.dropFirst())
            return Target(
                href: target + suffix,
                reference: fragment.map { Reference(page: target, fragment: $0, location: location) })
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else {
            return Target(
                href: url,
                warning: Diagnostic(.warning, at: location, "link \(url) goes to \(relative), which does not exist"))
        }
        if relative.hasPrefix("solutions/"), !withSolutions {
            return Target(
                href: "index.html",
                warning: Diagnostic(
                    .warning, at: location,
                    "link \(url) goes to a reference solution, which a learner's site leaves out; it now goes to the index"
                ))
        }
        let encoded = relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
        return Target(href: "\(Self.filesFolder)/\(encoded)\(suffix)", file: relative)
    }
}
