import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML file read with a real parser (libxml2, through Foundation's `XMLParser`): whether it is well-formed, and
/// its elements with their attributes, as JUnit readers see them.
public struct ParsedXML {
    /// One element: its name and attributes, in document order.
    public struct Element {
        public var name: String
        public var attributes: [String: String]
    }

    public var elements: [Element]

    /// Why a text is not well-formed XML: the parser's own words.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `text`, or throws what the parser said.
    public init(_ text: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw Malformed(
                description:
                    "line \(parser.lineNumber), column \(parser.columnNumber): "
                    + "\(parser.parserError.map { "\($0)" } ?? "not well-formed")")
        }
        elements = collector.elements
    }

    /// Every attribute value of every element.
    public var attributeValues: [String] { elements.flatMap { $0.attributes.values } }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            elements.append(Element(name: elementName, attributes: attributes))
        }
    }
}
