import CGumbo

/// Read access to one Gumbo element: tag, attributes and children.
struct GumboElementRef {
    let node: UnsafeMutablePointer<GumboNode>

    var tag: GumboTag { node.pointee.v.element.tag }

    /// The attribute's value, or `nil` when the element does not have it.
    func attribute(_ name: StaticString) -> String? {
        find(name).map { String(cString: $0.pointee.value) }
    }

    func hasAttribute(_ name: StaticString) -> Bool { find(name) != nil }

    /// Gumbo's attribute record; names are compared without building a C string per call.
    private func find(_ name: StaticString) -> UnsafeMutablePointer<GumboAttribute>? {
        guard node.pointee.v.element.attributes.length > 0 else { return nil }
        return withUnsafePointer(to: node.pointee.v.element.attributes) { attributes in
            name.utf8Start.withMemoryRebound(to: CChar.self, capacity: name.utf8CodeUnitCount + 1) {
                gumbo_get_attribute(attributes, $0)
            }
        }
    }

    /// The element's child nodes.
    var children: [UnsafeMutablePointer<GumboNode>] {
        GumboElementRef.children(of: node)
    }

    /// Child element references, skipping text and comments.
    var childElements: [GumboElementRef] {
        children.compactMap { $0.pointee.type == GUMBO_NODE_ELEMENT ? GumboElementRef(node: $0) : nil }
    }

    /// The text of all descendant text nodes, in order (walked without recursion).
    var textContent: String {
        var out = ""
        var stack = children.reversed() as [UnsafeMutablePointer<GumboNode>]
        while let next = stack.popLast() {
            switch next.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                out += String(cString: next.pointee.v.text.text)
            case GUMBO_NODE_ELEMENT:
                stack.append(contentsOf: GumboElementRef.children(of: next).reversed())
            default:
                break
            }
        }
        return out
    }

    /// Children of an element or document node.
    static func children(of node: UnsafeMutablePointer<GumboNode>) -> [UnsafeMutablePointer<
        GumboNode
    >] {
        let vector: GumboVector
        switch node.pointee.type {
        case GUMBO_NODE_DOCUMENT: vector = node.pointee.v.document.children
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE: vector = node.pointee.v.element.children
        default: return []
        }
        guard let data = vector.data else { return [] }
        return (0..<Int(vector.length)).compactMap { data[$0]?.assumingMemoryBound(to: GumboNode.self) }
    }
}
