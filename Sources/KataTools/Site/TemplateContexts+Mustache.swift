import KataMessages
import Mustache

// The templates look values up by name. Answering with a switch is several times faster than
// the reflection (Mirror) that swift-mustache falls back to, and rendering is most of a build.
// A field left out here renders as nothing, which the golden pages in Tests/SiteTests show.

extension PageContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "siteTitle": siteTitle
        case "pageTitle": pageTitle
        case "description": description
        case "canonical": canonical
        case "bodyHTML": bodyHTML
        case "sidebar": sidebar
        case "reference": reference
        case "hasReference": hasReference
        case "toc": toc
        case "hasTOC": hasTOC
        case "previous": previous
        case "next": next
        case "hasPager": hasPager
        case "pageClass": pageClass
        case "footerHTML": footerHTML
        case "baseHref": baseHref
        case "noindex": noindex
        case "alternates": alternates
        case "hasAlternates": hasAlternates
        case "untranslatedNote": untranslatedNote
        case "contentLanguage": contentLanguage
        case "instructorNote": instructorNote
        default: nil
        }
    }
}

extension AlternateLink: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "code": code
        case "name": name
        case "href": href
        case "current": current
        default: nil
        }
    }
}

extension SidebarDocument: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "href": href
        case "current": current
        case "lang": lang
        default: nil
        }
    }
}

extension ExerciseMark: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "status": status
        case "label": label
        default: nil
        }
    }
}

extension SidebarChapter: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "number": number
        case "title": title
        case "href": href
        case "current": current
        case "exercises": exercises
        case "hasExercises": hasExercises
        case "progress": progress
        case "progressLabel": progressLabel
        case "lang": lang
        case "tocHoldsExercises": tocHoldsExercises
        default: nil
        }
    }
}

extension SidebarExercise: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "id": id
        case "href": href
        case "mark": mark
        default: nil
        }
    }
}

extension TOCEntry: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "html": html
        case "anchor": anchor
        case "level": level
        case "mark": mark
        default: nil
        }
    }
}

extension PageLink: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "href": href
        case "lang": lang
        default: nil
        }
    }
}

extension IndexContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "siteTitle": siteTitle
        case "introHTML": introHTML
        case "summaryHTML": summaryHTML
        case "progressHTML": progressHTML
        case "chapters": chapters
        default: nil
        }
    }
}

extension IndexChapter: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "numberLabel": numberLabel
        case "title": title
        case "href": href
        case "exerciseCount": exerciseCount
        case "exercises": exercises
        case "hasExercises": hasExercises
        case "progress": progress
        case "percent": percent
        default: nil
        }
    }
}

extension ChapterContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "number": number
        case "bodyHTML": bodyHTML
        case "contentLanguage": contentLanguage
        default: nil
        }
    }
}

extension HeadingContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "level": level
        case "anchor": anchor
        case "sourceAnchor": sourceAnchor
        case "html": html
        case "exercises": exercises
        default: nil
        }
    }
}

extension HeadingExercise: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "anchor": anchor
        case "mark": mark
        default: nil
        }
    }
}

extension CodeContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "language": language
        case "label": label
        case "codeHTML": codeHTML
        default: nil
        }
    }
}

extension ExerciseCardContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "anchor": anchor
        case "role": role
        case "roleLabel": roleLabel
        case "ariaLabel": ariaLabel
        case "title": title
        case "id": id
        case "noteHTML": noteHTML
        case "code": code
        default: nil
        }
    }
}

extension MutantContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "anchor": anchor
        case "ofHTML": ofHTML
        case "noteHTML": noteHTML
        case "runHTML": runHTML
        case "code": code
        default: nil
        }
    }
}

extension HintContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "summary": summary
        case "forHTML": forHTML
        case "anchor": anchor
        case "bodyHTML": bodyHTML
        default: nil
        }
    }
}

extension SolutionContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "ofHTML": ofHTML
        case "code": code
        default: nil
        }
    }
}

extension PairContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "leftHTML": leftHTML
        case "rightHTML": rightHTML
        default: nil
        }
    }
}

extension BookContext: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "siteTitle": siteTitle
        case "introHTML": introHTML
        case "chapters": chapters
        default: nil
        }
    }
}

extension BookChapter: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "anchor": anchor
        case "numberLabel": numberLabel
        case "title": title
        case "bodyHTML": bodyHTML
        default: nil
        }
    }
}
